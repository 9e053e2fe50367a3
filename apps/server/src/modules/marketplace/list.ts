import type { FastifyReply } from 'fastify';
import {
  isStaff,
  marketplaceFilterProblem,
  marketplaceRow,
  operatorToday,
  type contract,
  type MarketplaceTrip,
  type MarketplaceTrips,
  type MarketplaceViewer,
  type ParsedQueryOf,
} from '@tripline/core';
import type { Pool } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { lookupZip } from '../../platform/providers/geo-zip.ts';
import { findPartner } from '../assignment/partners.ts';
import { isUuid } from '../trips/repository.ts';
import { sendPrepared } from '../../platform/http.ts';
import { chooseOffers, zipsServed, type Listing } from './choose.ts';
import { partnerListJson } from './partner-list.ts';
import { priceOffered } from './pricing.ts';
import { offeredOfDay } from './kept.ts';
import { OFFERED_SQL, passengersOf, readOffered } from './records.ts';

type Query = ParsedQueryOf<typeof contract.marketplaceTrips>;

export const UNKNOWN_ZIP = (zip: string) => `ZIP code ${zip} is not one we can place on the map`;

/** The ZIP code a partner's distances default to: its garage address, else its office, else its first address. */
async function baseZip(pool: Pool, partnerId: string): Promise<string | null> {
  const { rows } = await pool.query<{ zip: string }>(
    `select left(a.zip, 5) as zip
       from join_contact_addresses j join addresses a on a.id = j.address_id
      where j.contact_id = $1 and not j.deleted and a.zip ~ '^[0-9]{5}'
      order by (j.label = 'Garage') desc, (j.label = 'Office') desc, j.sort_order, j.created
      limit 1`,
    [partnerId],
  );
  return rows[0]?.zip ?? null;
}

/** Who looks at the marketplace: a partner (itself only), or staff with the partner whose view they ask for. */
async function viewerOf(pool: Pool, user: SessionUser, affiliateId: string | undefined): Promise<MarketplaceViewer> {
  if (isStaff(user)) {
    if (affiliateId === undefined) return { partnerId: null, staff: true };
    const partner = await findPartner(pool, { id: affiliateId.toLowerCase() });
    if (!partner) throw badRequest('No partner company has this id', [{ path: 'affiliateId', message: 'No partner company has this id' }]);
    return { partnerId: partner.id, staff: true };
  }
  if (!user.partnerId) throw forbidden();
  // a partner sees its own view only: another company's id is not found
  if (affiliateId !== undefined && (!isUuid(affiliateId) || affiliateId.toLowerCase() !== user.partnerId)) throw notFound();
  return { partnerId: user.partnerId, staff: false };
}

/** Where distances are measured from: the filter's ZIP, else the viewing partner's base. */
async function originOf(pool: Pool, zip: string | undefined, partnerId: string | null): Promise<MarketplaceTrips['origin']> {
  if (zip !== undefined) {
    const place = lookupZip(zip);
    if (!place) throw badRequest(UNKNOWN_ZIP(zip), [{ path: 'zip', message: UNKNOWN_ZIP(zip) }]);
    return { zip, lat: place.lat, lng: place.lng };
  }
  if (!partnerId) return null;
  const base = await baseZip(pool, partnerId);
  const place = base ? lookupZip(base) : null;
  if (place) return { zip: base, lat: place.lat, lng: place.lng };
  const { rows } = await pool.query<{ base_lat: number | null; base_lng: number | null }>('select base_lat, base_lng from contacts where id = $1', [partnerId]);
  const r = rows[0];
  return r && r.base_lat !== null && r.base_lng !== null ? { zip: null, lat: r.base_lat, lng: r.base_lng } : null;
}

/**
 * GET marketplace-trips (spec 2 §7): the offered trips of a date within range miles of
 * a ZIP code, or exactly the trips referenceNumbers names (any date). A partner receives every
 * offered trip but those it declined, redacted, priced with its own rates and marked Out-Of-Area
 * outside its ZIP coverage (partner-list.ts, from kept trips); staff receive full rows, priced for
 * the partner whose view they asked for (affiliateId), else for each trip's own partner.
 */
export async function marketplaceTrips(
  deps: AppDeps,
  user: SessionUser,
  query: Query,
  reply: FastifyReply,
  acceptEncoding?: string | string[],
): Promise<MarketplaceTrips> {
  const now = deps.clock.now();
  const today = operatorToday(now);
  const date = query.date ?? today;
  const referenceNumbers = query.referenceNumbers ?? [];
  const byReference = referenceNumbers.length > 0;
  const problem = marketplaceFilterProblem({ date: byReference ? today : date, zip: query.zip, range: query.range }, today);
  if (problem) throw badRequest(problem.message, [problem]);

  const viewer = await viewerOf(deps.pool, user, query.affiliateId);
  const origin = await originOf(deps.pool, query.zip, viewer.partnerId);
  const listing: Listing = { date, byReference, referenceNumbers, q: query.q, range: query.range, origin, now };
  if (!viewer.staff) {
    const answer = await partnerListJson(deps.pool, viewer.partnerId!, listing);
    reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(acceptEncoding ?? ''))) return sendPrepared(reply, answer.json);
    reply.header('content-encoding', 'gzip');
    return sendPrepared(reply, answer.gzip());
  }

  // a day's trips as kept for partners (kept.ts), with the chosen ones' passengers read for staff
  const found = byReference
    ? await readOffered(deps.pool, `da.reference_number = any($1::text[]) and ${OFFERED_SQL}`, [referenceNumbers], { withPassenger: true })
    : (await offeredOfDay(deps.pool, date)).offers.map((k) => k.trip);
  const items = found.map((trip) => ({ trip, row: marketplaceRow(trip.record, viewer, now) }));
  const { chosen, counts } = chooseOffers(items, viewer.partnerId, listing);
  if (!byReference) {
    const passengers = await passengersOf(deps.pool, chosen.map((c) => c.item.trip.record.id));
    for (const c of chosen) c.item.row.passenger = passengers.get(c.item.trip.record.id) ?? null;
  }
  const pay = await priceOffered(deps.pool, chosen.map((c) => c.item.trip), (t) => viewer.partnerId ?? t.record.farmoutContactId, now);
  const served = viewer.partnerId ? await zipsServed(deps.pool, viewer.partnerId, chosen.map((c) => c.item.row)) : null;
  const driveAssignments = chosen.map(({ item: { trip, row }, distanceMiles }): MarketplaceTrip => {
    const p = pay.get(trip.record.id)!;
    return { ...row, rate: p.rate, rateBreakdown: p.rateBreakdown, distanceMiles, outOfArea: served !== null && !served.has(row.pickup.zip ?? '') };
  });
  return { driveAssignments, tripCountsByPassenger: counts, origin };
}
