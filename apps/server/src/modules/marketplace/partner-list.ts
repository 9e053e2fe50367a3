import { gzipSync } from 'node:zlib';
import { marketplaceState, type PartnerRate } from '@tripline/core';
import type { Pool } from 'pg';
import { partnerRatesInForce } from '../partner-rates/pricing.ts';
import { keepOffer, keptPay, offeredOfDay, type KeptOffer } from './kept.ts';
import { chooseOffers, zipsServed, type Listing } from './choose.ts';
import { rateOf } from './pricing.ts';
import { OFFERED_SQL, readOffered } from './records.ts';

/**
 * A partner's marketplace list as JSON text (the contract's MarketplaceTrips). A day of thousands
 * of offered trips is answered from kept trips (kept.ts): each row is its kept redacted JSON with
 * the partner's own state, rate, distance and Out-Of-Area added, so nothing is read again, redacted
 * again or serialised whole for each request; the partner's rates are read once per request and
 * each trip priced once per rate version. The whole answer is kept too, for as long as the day's
 * version, the partner's rates and coverage, the filter and the clock leave it as it is.
 */
export async function partnerListJson(pool: Pool, partnerId: string, l: Listing): Promise<ListAnswer> {
  if (l.byReference) {
    const found = await readOffered(pool, `da.reference_number = any($1::text[]) and ${OFFERED_SQL}`, [l.referenceNumbers], { withPassenger: false });
    return listJson(pool, partnerId, l, found.map(keepOffer));
  }
  const day = await offeredOfDay(pool, l.date);
  const rates = await partnerRatesInForce(pool, partnerId, l.date, l.date, l.now);
  const served = await zipsServed(pool, partnerId, day.offers.map((o) => o.row));
  const key = [partnerId, l.date, day.version, rates.map((r) => `${r.id}.${r.modCount}`).join(' '), [...served].sort().join(' '), l.q ?? '', l.range, JSON.stringify(l.origin)].join('|');
  const answers = answersFor(pool);
  const known = answers.get(key);
  if (known && l.now.getTime() < known.until) return known;
  const made = await listJson(pool, partnerId, l, day.offers, { rates, served });
  answers.keep(key, made);
  return made;
}

/**
 * A list answer: its JSON, gzip-compressed on first asking (a day's list is megabytes of
 * repetitive JSON, about a tenth of that compressed), and the instant it stops being the answer.
 */
export class ListAnswer {
  private compressed: Buffer | null = null;
  constructor(
    readonly json: Buffer,
    readonly until: number,
  ) {}
  gzip(): Buffer {
    return (this.compressed ??= gzipSync(this.json, { level: 1 }));
  }
}

/**
 * Answers kept per database, by what they were made of; each holds until its first time-bound
 * change. A day's list is megabytes, so they are bounded by size: when the next would pass the
 * bound, the kept ones go.
 */
const ANSWER_BYTES_AT_MOST = 64 * 1024 * 1024;
class KeptAnswers {
  private readonly answers = new Map<string, ListAnswer>();
  private bytes = 0;
  get(key: string): ListAnswer | undefined {
    return this.answers.get(key);
  }
  keep(key: string, answer: ListAnswer): void {
    // its compressed copy is about a tenth more
    const size = Math.ceil(answer.json.length * 1.1);
    if (size > ANSWER_BYTES_AT_MOST) return;
    if (this.bytes + size > ANSWER_BYTES_AT_MOST) {
      this.answers.clear();
      this.bytes = 0;
    }
    const before = this.answers.get(key);
    if (before) this.bytes -= Math.ceil(before.json.length * 1.1);
    this.answers.set(key, answer);
    this.bytes += size;
  }
}
const answersByPool = new WeakMap<Pool, KeptAnswers>();
function answersFor(pool: Pool): KeptAnswers {
  let answers = answersByPool.get(pool);
  if (!answers) answersByPool.set(pool, (answers = new KeptAnswers()));
  return answers;
}

/**
 * The instant the list of these offers next changes with time alone: a reserved trip opening to
 * every partner, or a pickup passing (the trip leaves the marketplace).
 */
function nextChangeAt(offers: readonly KeptOffer[], now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const { trip } of offers) {
    const until = trip.record.marketplaceUntil ? Date.parse(trip.record.marketplaceUntil) : Number.NaN;
    if (until > now.getTime()) next = Math.min(next, until);
    if (trip.record.pickupAt > now.getTime()) next = Math.min(next, trip.record.pickupAt);
  }
  return next;
}

async function listJson(
  pool: Pool,
  partnerId: string,
  l: Listing,
  offers: readonly KeptOffer[],
  read?: { rates: PartnerRate[]; served: Set<string> },
): Promise<ListAnswer> {
  const { chosen, counts } = chooseOffers(offers, partnerId, l);
  const dates = chosen.map((c) => c.item.trip.record.serviceDate).sort();
  const rates = read?.rates ?? (dates.length ? await partnerRatesInForce(pool, partnerId, dates[0], dates[dates.length - 1], l.now) : []);
  const served = read?.served ?? (await zipsServed(pool, partnerId, chosen.map((c) => c.item.row)));

  // the answer is put together from bytes kept per trip: a day of trips is never one string to encode
  const parts: (Buffer | string)[] = ['{"driveAssignments":['];
  chosen.forEach(({ item, distanceMiles }, i) => {
    const record = item.trip.record;
    const state = marketplaceState(record, partnerId, l.now);
    const pay = keptPay(item, rateOf(item.trip, rates));
    const until = state === 'reserved' ? JSON.stringify(record.marketplaceUntil) : 'null';
    const outOfArea = !served.has(item.row.pickup.zip ?? '');
    parts.push(
      i === 0 ? '' : ',',
      item.base,
      `,"state":"${state}","reservedUntil":${until},"rate":${pay.rate},"rateBreakdown":`,
      pay.rateBreakdown,
      `,"distanceMiles":${distanceMiles ?? 'null'},"outOfArea":${outOfArea}}`,
    );
  });
  parts.push(`],"tripCountsByPassenger":${JSON.stringify(counts)},"origin":${JSON.stringify(l.origin)}}`);
  return new ListAnswer(joinBytes(parts), nextChangeAt(offers, l.now));
}

/** Kept bytes and the short texts between them as one buffer, written in place (no buffer per text). */
function joinBytes(parts: readonly (Buffer | string)[]): Buffer {
  let size = 0;
  for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of parts) at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
  return out;
}
