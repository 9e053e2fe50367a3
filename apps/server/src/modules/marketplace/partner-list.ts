import { marketplaceState } from '@tripline/core';
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
 * each trip priced once per rate version.
 */
export async function partnerListJson(pool: Pool, partnerId: string, l: Listing): Promise<Buffer> {
  const offers: KeptOffer[] = l.byReference
    ? (await readOffered(pool, `da.reference_number = any($1::text[]) and ${OFFERED_SQL}`, [l.referenceNumbers], { withPassenger: false })).map(keepOffer)
    : await offeredOfDay(pool, l.date);
  const { chosen, counts } = chooseOffers(offers, partnerId, l);
  const dates = chosen.map((c) => c.item.trip.record.serviceDate).sort();
  const rates = dates.length ? await partnerRatesInForce(pool, partnerId, dates[0], dates[dates.length - 1], l.now) : [];
  const served = await zipsServed(pool, partnerId, chosen.map((c) => c.item.row));

  // the answer is put together from bytes kept per trip: a day of trips is never one string to encode
  const parts: Buffer[] = [Buffer.from('{"driveAssignments":[')];
  chosen.forEach(({ item, distanceMiles }, i) => {
    const record = item.trip.record;
    const state = marketplaceState(record, partnerId, l.now);
    const pay = keptPay(item, rateOf(item.trip, rates));
    const until = state === 'reserved' ? JSON.stringify(record.marketplaceUntil) : 'null';
    const outOfArea = !served.has(item.row.pickup.zip ?? '');
    parts.push(
      i === 0 ? NOTHING : COMMA,
      item.base,
      Buffer.from(`,"state":"${state}","reservedUntil":${until},"rate":${pay.rate},"rateBreakdown":`),
      pay.rateBreakdown,
      Buffer.from(`,"distanceMiles":${distanceMiles ?? 'null'},"outOfArea":${outOfArea}}`),
    );
  });
  parts.push(Buffer.from(`],"tripCountsByPassenger":${JSON.stringify(counts)},"origin":${JSON.stringify(l.origin)}}`));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
const NOTHING = Buffer.alloc(0);
