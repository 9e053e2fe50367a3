import { coverageStatusOn, type CoverageStatus, type CoverageTerms, type PlanTerms } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { prepared } from '../../platform/db/prepared.ts';

type Db = Pool | PoolClient;

/** A member's coverage with its plan and bill-to, as the check and the lookup read it. */
export interface CoverageRecord {
  id: string;
  contactNumber: number;
  billTo: { id: string; name: string };
  planId: string | null;
  lob: string | null;
  terms: CoverageTerms;
  plan: PlanTerms | null;
}

const COVERAGE_SELECT = `
  select cv.id, c.contact_number, cv.member_id, cv.status, cv.date_begin, cv.date_end, cv.trip_limit_count,
         cv.bill_to_id, b.name as bill_to_name,
         p.id as plan_id, p.name as plan_name, p.lob, p.date_begin as plan_begin, p.date_end as plan_end,
         p.grace_period_days, p.trip_limit_count as plan_trip_limit, p.advance_notice_days_min, p.advance_notice_days_max,
         p.advance_notice_hours_min, p.prevent_overrides, p.included_service_types, p.deleted as plan_deleted
    from coverages cv
    join contacts c on c.id = cv.contact_id
    join contacts b on b.id = cv.bill_to_id
    left join plans p on p.id = cv.plan_id`;

function toRecord(r: Record<string, never>): CoverageRecord {
  return {
    id: r.id,
    contactNumber: r.contact_number,
    billTo: { id: r.bill_to_id, name: r.bill_to_name },
    planId: r.plan_id,
    lob: r.lob,
    terms: { memberId: r.member_id, status: r.status, dateBegin: r.date_begin, dateEnd: r.date_end, tripLimitCount: r.trip_limit_count },
    plan: r.plan_id
      ? {
          name: r.plan_name,
          dateBegin: r.plan_begin,
          dateEnd: r.plan_end,
          gracePeriodDays: r.grace_period_days,
          tripLimitCount: r.plan_trip_limit,
          advanceNoticeDaysMin: r.advance_notice_days_min,
          advanceNoticeDaysMax: r.advance_notice_days_max,
          advanceNoticeHoursMin: r.advance_notice_hours_min,
          preventOverrides: r.prevent_overrides,
          includedServiceTypes: r.included_service_types,
          deleted: r.plan_deleted,
        }
      : null,
  };
}

/**
 * A contact's coverages (deleted ones never); with `billToIds` only those of these bill-tos (a
 * case manager's scope); with `memberId` only that member id's.
 */
export async function coveragesOf(db: Db, contactId: string, opts: { billToIds?: readonly string[]; memberId?: string | null } = {}): Promise<CoverageRecord[]> {
  const { rows } = await db.query(
    prepared(
      `${COVERAGE_SELECT}
        where cv.contact_id = $1 and not cv.deleted
          and ($2::uuid[] is null or cv.bill_to_id = any($2::uuid[]))
          and ($3::text is null or lower(cv.member_id) = lower($3))
        order by cv.date_begin desc, cv.id`,
      [contactId, opts.billToIds ?? null, opts.memberId || null],
    ),
  );
  return rows.map(toRecord);
}

const STATUS_ORDER: Record<CoverageStatus, number> = { Active: 0, Pending: 1, Expired: 2, Termed: 3 };

/** The coverage that applies on a day: an Active one first (the latest to begin), else the latest of the others. */
export function applicableCoverage(records: readonly CoverageRecord[], day: string): { record: CoverageRecord; status: CoverageStatus } | null {
  let best: { record: CoverageRecord; status: CoverageStatus } | null = null;
  for (const record of records) {
    const status = coverageStatusOn(record.terms, record.plan, day);
    if (!best || STATUS_ORDER[status] < STATUS_ORDER[best.status]) best = { record, status };
  }
  return best;
}

/**
 * Trips of a member in the calendar year of `day` billed to the bill-to, by coverage: not deleted,
 * not cancelled, and not the trip being edited.
 */
export async function tripsThisYear(db: Db, contactId: string, billToIds: readonly string[], day: string, exceptTripId: string | null = null): Promise<Map<string, number>> {
  const year = day.slice(0, 4);
  const { rows } = await db.query<{ bill_to_contact_id: string; trips: number }>(
    prepared(
      `select da.bill_to_contact_id, count(distinct da.id)::int as trips
         from trip_legs tl
         join drive_assignments da on da.id = tl.drive_assignment_id
        where tl.passenger_id = $1
          -- the leg's own date narrows the passenger's legs to the year (index trip_legs_passenger); a leg without one is checked by its trip
          and (tl.serv_date_beg between $3::date and $4::date or tl.serv_date_beg is null)
          and da.bill_to_contact_id = any($2::uuid[])
          and da.service_date between $3::date and $4::date
          and not da.deleted and not da.canceled
          and ($5::uuid is null or da.id <> $5::uuid)
        group by da.bill_to_contact_id`,
      [contactId, billToIds, `${year}-01-01`, `${year}-12-31`, exceptTripId],
    ),
  );
  return new Map(rows.map((r) => [r.bill_to_contact_id, r.trips]));
}

/** The passenger (any contact not deleted) by id, or null. */
export async function findContact(db: Db, id: string): Promise<{ id: string; name: string; types: string[]; onTimeRule: unknown } | null> {
  const { rows } = await db.query('select id, name, types, on_time_rule from contacts where id = $1 and not deleted', [id]);
  return rows[0] ? { id: rows[0].id, name: rows[0].name, types: rows[0].types, onTimeRule: rows[0].on_time_rule } : null;
}

/** Partner companies serving the ZIP code of an address, by name, and that ZIP. */
export async function partnersServing(db: Db, addressId: string): Promise<{ zip: string | null; partners: { id: string; name: string; contactNumber: number }[] }> {
  const { rows } = await db.query(
    prepared(
      `select left(a.zip, 5) as zip, c.id, c.name, c.contact_number
         from addresses a
         left join partner_zip_coverage z on z.zip = left(a.zip, 5)
         left join contacts c on c.id = z.partner_id and not c.deleted
        where a.id = $1
        order by c.name`,
      [addressId],
    ),
  );
  return {
    zip: rows[0]?.zip ?? null,
    partners: rows.filter((r) => r.id).map((r) => ({ id: r.id, name: r.name, contactNumber: r.contact_number })),
  };
}
