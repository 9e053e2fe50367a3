import { marketplaceRow, type MarketplaceRecord, type MarketplaceTripRow, type PartnerRate } from '@tripline/core';
import type { Pool } from 'pg';
import { TRIP_STAMP } from '../trips/repository.ts';
import { offeredPay } from './pricing.ts';
import { OFFERED_SQL, readOffered, type OfferedTrip } from './records.ts';

/**
 * An offered trip kept between requests for partners, with its redacted row and that row's JSON
 * without the parts that differ per partner (state, reservedUntil, rate, distance, Out-Of-Area),
 * and its pay under each rate it was priced with. Kept by the trip's stamps and the view epoch
 * (migrations 0002, 0013): any change to the trip, its legs or the places it names gives a new one.
 */
export interface KeptOffer {
  trip: OfferedTrip;
  row: MarketplaceTripRow;
  /** JSON of the row without state and reservedUntil, its closing brace left off (UTF-8, ready to send). */
  base: Buffer;
  pay: Map<string, KeptPay>;
}

/** A trip's pay under one rate version: the rate as JSON text, the breakdown as JSON bytes. */
export interface KeptPay {
  rate: string;
  rateBreakdown: Buffer;
}

const PAYS_AT_MOST = 32;

/** The pay of a kept trip under a rate (or NoRate) as JSON parts, priced once per rate version. */
export function keptPay(k: KeptOffer, rate: PartnerRate | null): KeptPay {
  const key = rate ? `${rate.id}.${rate.modCount}` : '';
  let p = k.pay.get(key);
  if (!p) {
    // one entry per partner rate group the trip was shown to; bounded for a marketplace of many partners
    if (k.pay.size >= PAYS_AT_MOST) k.pay.clear();
    const priced = offeredPay(k.trip, rate);
    p = { rate: JSON.stringify(priced.rate), rateBreakdown: Buffer.from(JSON.stringify(priced.rateBreakdown)) };
    k.pay.set(key, p);
  }
  return p;
}

/**
 * A trip's row as every partner sees it (redacted) and that row's JSON without the state a partner
 * sees it in (state, reservedUntil), its closing brace left off for those to be added.
 */
export function partnerRowShared(record: MarketplaceRecord): { row: MarketplaceTripRow; base: string } {
  const row = marketplaceRow(record, { partnerId: null, staff: false }, new Date(0));
  const { state: _state, reservedUntil: _until, ...shared } = row;
  return { row, base: JSON.stringify(shared).slice(0, -1) };
}

/** A trip made ready to keep: its partner row, redacted once (no partner's state in it). */
export function keepOffer(trip: OfferedTrip): KeptOffer {
  const { row, base } = partnerRowShared(trip.record);
  return { trip, row, base: Buffer.from(base), pay: new Map() };
}

/** At most this many trips are kept per database (a few kilobytes each: some busy marketplace days). */
const KEEP_AT_MOST = 20_000;

interface KeptDays {
  trips: Map<string, KeptOffer>;
  /** Each date's offered trips in day order, as last read, with the day's version then. */
  days: Map<string, { version: string; offers: KeptOffer[] }>;
}
const keptByPool = new WeakMap<Pool, KeptDays>();

/** A date's offered trips, kept, and the version of the day they are (see dayVersion). */
export interface OfferedDay {
  version: string;
  offers: KeptOffer[];
}

/**
 * The version of a date's offered trips, read from the offered-trips index alone: how many there
 * are, the view epoch, and the sums of their trip and legs stamps and of a hash of each trip's id
 * with its stamps. A change to an offered trip or its legs gives it a stamp larger than the one it
 * had, so the sums move even when transactions commit out of stamp order (a maximum would not); a
 * trip joining or leaving the offer changes the count or the sums.
 */
async function dayVersion(pool: Pool, date: string): Promise<string> {
  const { rows } = await pool.query<{ v: string }>({
    name: 'marketplace-offered-version',
    text: `select count(*) || '.' || coalesce(sum(da.view_stamp), 0) || '.' || coalesce(sum(da.legs_stamp), 0) || '.'
                  || coalesce(sum(hashtext(da.id::text || '.' || da.view_stamp || '.' || da.legs_stamp)), 0) || '.' || coalesce(max(e.epoch), 0) as v
             from drive_assignments da cross join trip_view_epoch e
            where da.service_date = $1::date and ${OFFERED_SQL}`,
    values: [date],
  });
  return rows[0].v;
}

/**
 * The offered trips of a date for partners, in day order. An unchanged day (its version) is
 * answered as kept; otherwise the trips' ids and stamps are read through the partial index of
 * offered trips, and only trips without a kept copy of that stamp are read and redacted again.
 */
export async function offeredOfDay(pool: Pool, date: string): Promise<OfferedDay> {
  let kept = keptByPool.get(pool);
  if (!kept) keptByPool.set(pool, (kept = { trips: new Map(), days: new Map() }));
  const version = await dayVersion(pool, date);
  const known = kept.days.get(date);
  if (known?.version === version) return known;

  const { trips } = kept;
  const { rows } = await pool.query<{ id: string; stamp: string }>({
    name: 'marketplace-offered-stamps',
    text: `select da.id, ${TRIP_STAMP} || '.' || e.epoch as stamp
             from drive_assignments da cross join trip_view_epoch e
            where da.service_date = $1::date and ${OFFERED_SQL}
            order by da.first_pickup nulls last, da.reference_number`,
    values: [date],
  });
  let missing = rows.filter((r) => trips.get(r.id)?.trip.stamp !== r.stamp).map((r) => r.id);
  if (missing.length > 0 && trips.size + missing.length > KEEP_AT_MOST) {
    // full: start again with this day's trips only
    trips.clear();
    kept.days.clear();
    missing = rows.map((r) => r.id);
  }
  if (missing.length > 0) {
    for (const t of await readOffered(pool, 'da.id = any($1::uuid[])', [missing], { withPassenger: false })) trips.set(t.record.id, keepOffer(t));
  }
  // a trip changed between the reads is shown as last read (the day is read again next time); one gone is left out
  const day = { version, offers: rows.flatMap((r) => trips.get(r.id) ?? []) };
  const consistent = rows.every((r) => trips.get(r.id)?.trip.stamp === r.stamp);
  if (consistent) kept.days.set(date, day);
  else kept.days.delete(date);
  return day;
}
