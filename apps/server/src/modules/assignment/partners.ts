import {
  addDays,
  ASSIGN_MSG,
  dateInZone,
  isInHouse,
  scorePartnerForTrips,
  SCORE_HISTORY_DAYS,
  sortByScore,
  type PartnerOption,
} from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { isUuid } from '../trips/repository.ts';
import { refusalsByPartner } from '../contact-care/partner-blocks.ts';

type Db = Pool | PoolClient;

/** A partner company: an Affiliate contact without a parent (its users and drivers have one). */
export interface PartnerRef {
  id: string;
  name: string;
  contactNumber: number;
}

const PARTNER_COMPANY = `'Affiliate' = any(c.types) and c.parent_id is null and not c.deleted`;

/** The partner company with this id or contact number; null when there is none. */
export async function findPartner(db: Db, by: { id: string } | { contactNumber: number }): Promise<PartnerRef | null> {
  if ('id' in by && !isUuid(by.id)) return null;
  // a merged partner's number leads to the partner it was merged into
  const [match, value] =
    'id' in by ? ['c.id = $1', by.id] : ['c.id = (select coalesce(m.merged_into_id, m.id) from contacts m where m.contact_number = $1)', by.contactNumber];
  const { rows } = await db.query<{ id: string; name: string; contact_number: string }>(
    `select c.id, c.name, c.contact_number from contacts c where ${PARTNER_COMPANY} and ${match}`,
    [value],
  );
  const r = rows[0];
  return r ? { id: r.id, name: r.name, contactNumber: Number(r.contact_number) } : null;
}

interface TripForPicker {
  id: string;
  reference_number: string;
  service_date: string;
  service_type: string;
  farmout_contact_id: string | null;
  time_zone: string;
  lat: number | null;
  lng: number | null;
  zip: string | null;
}

interface CandidateRow {
  id: string;
  name: string;
  contact_number: string;
  base_lat: number | null;
  base_lng: number | null;
  vehicles: number;
  ambulatory_seats: number;
  wheelchair_seats: number;
  stretchers: number;
  trips_that_day: number;
  accepted: number;
  declined: number;
}

/** The first leg's pickup of a trip: its place and ZIP code. */
const PICKUP = `left join lateral (
         select a.lat, a.lng, a.zip from trip_legs tl join addresses a on a.id = tl.location_first_id
          where tl.drive_assignment_id = da.id order by tl.leg_order, tl.which_leg limit 1) pu on true`;

/**
 * The coverage lookup: which of these five-digit ZIP codes each partner serves
 * (partner_zip_coverage), for every partner or one. The picker, its bulk form and the bulk
 * Out-Of-Area check all ask it, so they cannot disagree.
 */
export async function servedZips(db: Db, zips: readonly string[], partnerId?: string): Promise<Map<string, Set<string>>> {
  const served = new Map<string, Set<string>>();
  if (zips.length === 0) return served;
  const params: unknown[] = [[...new Set(zips)]];
  if (partnerId) params.push(partnerId);
  const { rows } = await db.query<{ partner_id: string; zip: string }>(
    `select partner_id, zip from partner_zip_coverage where zip = any($1::text[])${partnerId ? ' and partner_id = $2' : ''}`,
    params,
  );
  for (const r of rows) {
    const set = served.get(r.partner_id) ?? new Set<string>();
    set.add(r.zip);
    served.set(r.partner_id, set);
  }
  return served;
}

/**
 * Partner options for a trip (spec 3 §2 partner picker, §7 partner-options-for-da), or for the
 * trips of a bulk assignment: every partner company with its score (core scorePartnerForTrips,
 * docs/partner-score.md), best first; the trip's current partner marked; outOfArea when the
 * partner serves none of the pickups' ZIP codes. Trips outside the caller's scope are not found.
 */
export async function partnerOptions(deps: AppDeps, user: SessionUser, referenceNumbers: readonly string[]): Promise<PartnerOption[]> {
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push([...new Set(referenceNumbers)]);
  const { rows: trips } = await deps.pool.query<TripForPicker>(
    `select da.id, da.reference_number, to_char(da.service_date, 'YYYY-MM-DD') as service_date,
            da.service_type_requested as service_type, da.farmout_contact_id,
            coalesce(dv.time_zone, 'America/Denver') as time_zone, pu.lat, pu.lng, pu.zip
       from drive_assignments da
       left join divisions dv on dv.id = da.division_id
       ${PICKUP}
      where ${scope} and da.reference_number = any($${params.length}::text[])`,
    params,
  );
  if (trips.length === 0) throw notFound(referenceNumbers.length === 1 ? 'No trip has this reference number.' : 'No trip has these reference numbers.');
  // the trips in the order they were named: the first is the one the partner's load is counted for
  const order = new Map(referenceNumbers.map((r, i) => [r, i] as const));
  trips.sort((a, b) => (order.get(a.reference_number) ?? 0) - (order.get(b.reference_number) ?? 0));
  const first = trips[0];

  // acceptance history: trips of the last SCORE_HISTORY_DAYS service days up to today in the first trip's zone, accepted or declined
  const today = dateInZone(deps.clock.now(), first.time_zone);
  const since = addDays(today, -SCORE_HISTORY_DAYS);
  const { rows } = await deps.pool.query<CandidateRow>(
    `select c.id, c.name, c.contact_number, c.base_lat, c.base_lng,
            coalesce(v.vehicles, 0)::int as vehicles, coalesce(v.ambulatory_seats, 0)::int as ambulatory_seats,
            coalesce(v.wheelchair_seats, 0)::int as wheelchair_seats, coalesce(v.stretchers, 0)::int as stretchers,
            (select count(*) from drive_assignments d
              where d.farmout_contact_id = c.id and d.service_date = $1::date and not (d.id = any($2::uuid[])) and not d.canceled and not d.declined)::int
              as trips_that_day,
            (select count(*) from drive_assignments d
              where d.farmout_contact_id = c.id and d.accepted and d.service_date between $3::date and $4::date)::int as accepted,
            (select count(*) from trip_declines td join drive_assignments dd on dd.id = td.drive_assignment_id
              where td.partner_id = c.id and dd.service_date between $3::date and $4::date)::int as declined
       from contacts c
       left join lateral (
         select count(*) as vehicles, sum(ambulatory_seating_capacity) as ambulatory_seats,
                sum(wheelchair_seating_capacity) as wheelchair_seats, sum(stretcher_capacity) as stretchers
           from vehicles vh
          where vh.partner_id = c.id and not vh.deleted and vh.available and (vh.term_date is null or vh.term_date >= $1::date)) v on true
      where ${PARTNER_COMPANY}`,
    [first.service_date, trips.map((t) => t.id), since, today],
  );

  const facts = trips.map((t) => ({
    serviceType: t.service_type,
    pickup: t.lat !== null && t.lng !== null ? { lat: t.lat, lng: t.lng } : null,
    pickupZip: zip5(t.zip),
  }));
  const served = await servedZips(deps.pool, facts.flatMap((f) => (f.pickupZip ? [f.pickupZip] : [])));
  const currentPartners = new Set(trips.map((t) => t.farmout_contact_id));
  // Held or blacklisted partners are listed as excluded, with why, after the others
  const refused = await refusalsByPartner(deps.pool, rows, trips.map((t) => t.id));
  const options = rows.map((r): PartnerOption => {
    const s = scorePartnerForTrips(facts, {
      id: r.id,
      name: r.name,
      base: r.base_lat !== null && r.base_lng !== null ? { lat: r.base_lat, lng: r.base_lng } : null,
      fleet: { vehicles: r.vehicles, ambulatorySeats: r.ambulatory_seats, wheelchairSeats: r.wheelchair_seats, stretchers: r.stretchers },
      zips: served.get(r.id) ?? new Set(),
      tripsThatDay: r.trips_that_day,
      accepted: r.accepted,
      declined: r.declined,
    });
    return {
      providerId: r.id,
      name: r.name,
      contactNumber: Number(r.contact_number),
      score: s.score,
      parts: {
        distanceMiles: s.distanceMiles,
        capable: s.capable,
        zipCovered: s.zipCovered,
        tripsThatDay: s.tripsThatDay,
        acceptanceRate: s.acceptanceRate,
      },
      coverage: { covered: s.covered, trips: s.trips },
      outOfArea: s.covered === 0,
      inHouse: isInHouse(r.name),
      // with several trips: the partner every one of them has
      current: currentPartners.size === 1 && currentPartners.has(r.id),
      excluded: refused.get(r.id) ?? null,
    };
  });
  const sorted = sortByScore(options);
  return [...sorted.filter((o) => !o.excluded), ...sorted.filter((o) => o.excluded)];
}

/** The five-digit ZIP code of an address's ZIP (ZIP+4 shortened), or null when it has none. */
function zip5(zip: string | null): string | null {
  return zip && /^\d{5}/.test(zip) ? zip.slice(0, 5) : null;
}

/**
 * The trips among `referenceNumbers` (in the caller's scope) whose pickup ZIP code the partner does
 * not serve, like outOfArea of partnerOptions for each trip: a pickup without a ZIP code is out of
 * area too. Unknown partner: 400, as for bulk-assign.
 */
export async function partnerCoverage(
  deps: AppDeps,
  user: SessionUser,
  referenceNumbers: readonly string[],
  providerId: string,
): Promise<{ checked: number; outOfArea: { referenceNumber: string; zip: string | null }[] }> {
  const partner = await findPartner(deps.pool, { id: providerId });
  if (!partner) throw badRequest(ASSIGN_MSG.UNKNOWN_PARTNER, [{ path: 'providerId', message: ASSIGN_MSG.UNKNOWN_PARTNER }]);
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push([...new Set(referenceNumbers)]);
  const { rows: trips } = await deps.pool.query<{ reference_number: string; zip: string | null }>(
    `select da.reference_number, pu.zip
       from drive_assignments da
       ${PICKUP}
      where ${scope} and da.reference_number = any($${params.length}::text[])
      order by da.reference_number`,
    params,
  );
  const zips = trips.map((t) => zip5(t.zip)).filter((z): z is string => z !== null);
  const served = (await servedZips(deps.pool, zips, partner.id)).get(partner.id) ?? new Set<string>();
  const outOfArea = trips
    .map((t) => ({ referenceNumber: t.reference_number, zip: zip5(t.zip) }))
    .filter((t) => t.zip === null || !served.has(t.zip));
  return { checked: trips.length, outOfArea };
}
