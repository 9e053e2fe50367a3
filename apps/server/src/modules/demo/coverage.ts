/**
 * The ZIP codes each demo partner serves: every ZIP of a demo address within COVERAGE_KM of the
 * partner's base, always including the base's own ZIP. Partners of one city overlap, a small-town
 * partner covers its town and the nearest suburbs, and trips across a division find both in-area
 * and out-of-area partners in the picker. Deterministic: it depends only on the loaded addresses.
 */
import type pg from 'pg';
import { EARTH_RADIUS_KM } from '@tripline/core';
import { DEMO_USER_IDS } from './people.ts';
import { APPOINTMENT_TYPES, BILL_TO_ON_TIME_RULES, CLINICIANS, PLAN_TERMS } from './reference.ts';

export const COVERAGE_KM = 25;

export async function addPartnerZipCoverage(client: pg.PoolClient): Promise<number> {
  const { rowCount } = await client.query(
    `INSERT INTO partner_zip_coverage (partner_id, zip)
     SELECT DISTINCT c.id, left(a.zip, 5)
       FROM contacts c
       JOIN addresses a ON a.zip ~ '^[0-9]{5}' AND a.lat IS NOT NULL AND a.lng IS NOT NULL
      WHERE 'Affiliate' = ANY(c.types) AND c.parent_id IS NULL AND c.base_lat IS NOT NULL
        AND (EXISTS (SELECT 1 FROM join_contact_addresses j WHERE j.contact_id = c.id AND j.address_id = a.id) OR 2 * $1::float8 * asin(least(1, sqrt(
              power(sin(radians(a.lat - c.base_lat) / 2), 2) +
              cos(radians(c.base_lat)) * cos(radians(a.lat)) * power(sin(radians(a.lng - c.base_lng) / 2), 2)))) <= $2)
     ON CONFLICT DO NOTHING`,
    [EARTH_RADIUS_KM, COVERAGE_KM],
  );
  return rowCount ?? 0;
}

/**
 * Plans' terms, appointment types, clinicians at clinics and every member's coverage (spec 3 §3),
 * derived from what is loaded, so deterministic: a member bills to the account most of their trips
 * bill to, else their MCO's NEMT account, from January 1 of last year. So that the editor's
 * coverage panel shows each verdict, one member with upcoming trips has a coverage that ended 45
 * days ago (past every plan's grace), and the member with the most trips this year sits just under
 * their trip limit.
 */
export async function addMemberCoverages(client: pg.PoolClient, today: string): Promise<{ coverages: number }> {
  for (const [code, t] of Object.entries(PLAN_TERMS)) {
    await client.query(
      `UPDATE plans SET trip_limit_count = $2, grace_period_days = $3, advance_notice_hours_min = $4, advance_notice_days_max = $5,
              prevent_overrides = $6, included_service_types = $7, description = name WHERE code = $1`,
      [code, t.tripLimitCount, t.gracePeriodDays, t.advanceNoticeHoursMin, t.advanceNoticeDaysMax, t.preventOverrides, t.includedServiceTypes],
    );
  }
  await client.query(
    `WITH t AS (INSERT INTO appointment_types (code, display) SELECT * FROM unnest($1::text[], $2::text[]) RETURNING id, code)
     INSERT INTO appointment_type_bill_tos (appointment_type_id, bill_to_id)
     SELECT t.id, b.id FROM t JOIN unnest($3::text[], $4::text[]) AS l(code, bill_to) ON l.code = t.code
       JOIN contacts b ON b.name = l.bill_to AND 'Bill To' = ANY(b.types)`,
    [
      APPOINTMENT_TYPES.map((a) => a.code),
      APPOINTMENT_TYPES.map((a) => a.display),
      APPOINTMENT_TYPES.flatMap((a) => (a.billTos ?? []).map(() => a.code)),
      APPOINTMENT_TYPES.flatMap((a) => a.billTos ?? []),
    ],
  );
  for (const [name, rule] of Object.entries(BILL_TO_ON_TIME_RULES)) {
    await client.query(`UPDATE contacts SET on_time_rule = $2 WHERE name = $1 AND 'Bill To' = ANY(types)`, [name, JSON.stringify(rule)]);
  }
  // clinicians only where one is seen: not at dialysis chairs or pharmacies
  await client.query(
    `UPDATE trip_legs SET appt_to_see = ($1::text[])[1 + abs(hashtext(location_second_id::text || passenger_id::text)) % cardinality($1::text[])]
      WHERE appt_type IN ('Primary Care', 'Cardiology', 'Specialist', 'Oncology', 'Ophthalmology', 'Behavioral Health', 'Physical Therapy')`,
    [CLINICIANS],
  );
  const { rowCount } = await client.query(
    `INSERT INTO coverages (contact_id, bill_to_id, plan_id, member_id, date_begin)
     SELECT c.id,
            coalesce((SELECT tl.bill_to_contact_id FROM trip_legs tl WHERE tl.passenger_id = c.id AND tl.bill_to_contact_id IS NOT NULL
                       GROUP BY tl.bill_to_contact_id ORDER BY count(*) DESC, tl.bill_to_contact_id LIMIT 1),
                     (SELECT b.id FROM contacts b WHERE b.parent_id = p.mco_id AND 'Bill To' = ANY(b.types) ORDER BY b.contact_number LIMIT 1)),
            p.id, c.member_id, make_date(extract(year FROM $1::date)::int - 1, 1, 1)
       FROM contacts c JOIN plans p ON p.id = c.plan_id
      WHERE c.member_id IS NOT NULL AND NOT c.deleted`,
    [today],
  );
  await client.query(
    `UPDATE coverages SET date_end = $1::date - 45
      WHERE contact_id = (SELECT c.id FROM contacts c JOIN coverages cv ON cv.contact_id = c.id
                           WHERE c.id <> $2 AND EXISTS (SELECT 1 FROM trip_legs tl WHERE tl.passenger_id = c.id AND tl.serv_date_beg > $1::date)
                           ORDER BY c.contact_number LIMIT 1)`,
    [today, DEMO_USER_IDS.passenger],
  );
  await client.query(
    `WITH used AS (
       SELECT cv.id, count(DISTINCT da.id)::int AS trips
         FROM coverages cv
         JOIN trip_legs tl ON tl.passenger_id = cv.contact_id
         JOIN drive_assignments da ON da.id = tl.drive_assignment_id AND da.bill_to_contact_id = cv.bill_to_id
        WHERE cv.contact_id <> $2 AND cv.date_end >= $1::date AND NOT da.canceled AND NOT da.deleted
          AND da.service_date BETWEEN date_trunc('year', $1::date) AND date_trunc('year', $1::date) + interval '1 year - 1 day'
        GROUP BY cv.id ORDER BY trips DESC, cv.id LIMIT 1)
     UPDATE coverages cv SET trip_limit_count = greatest(used.trips + 1, floor(used.trips / 0.88)::int) FROM used WHERE cv.id = used.id`,
    [today, DEMO_USER_IDS.passenger],
  );
  return { coverages: rowCount ?? 0 };
}
