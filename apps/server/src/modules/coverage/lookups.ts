import {
  coverageStatusOn,
  guessDuration,
  isStaff,
  mostFrequentApptType,
  onTimeRuleFor,
  operatorToday,
  secondsBetween,
  tripLimitOf,
  type CoverageLookup,
  type OnTimeRule,
  type OnTimeRuleAnswer,
} from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { notFound } from '../../platform/errors.ts';
import { applicableCoverage, coveragesOf, findContact, tripsThisYear } from './repository.ts';
import { prepared } from '../../platform/db/prepared.ts';

const PASSENGER_NOT_FOUND = 'The passenger was not found.';

async function passengerOrNotFound(pool: Pool, id: string) {
  const p = await findContact(pool, id);
  if (!p) throw notFound(PASSENGER_NOT_FOUND);
  return p;
}

/**
 * GET coverage-check?contactId (DECISIONS 10): the contact's coverages with their status today and
 * trips this year. A case manager sees only coverages of their bill-tos; none is a 404.
 */
export async function coverageLookup(pool: Pool, user: SessionUser, contactId: string, now: Date): Promise<z.input<typeof CoverageLookup>> {
  const contact = await findContact(pool, contactId);
  if (!contact) throw notFound('The contact was not found.');
  const records = await coveragesOf(pool, contactId, isStaff(user) ? {} : { billToIds: user.billToIds });
  if (!isStaff(user) && records.length === 0) throw notFound('The contact was not found.');
  const today = operatorToday(now);
  const trips = await tripsThisYear(pool, contactId, [...new Set(records.map((r) => r.billTo.id))], today);
  const coverages = records.map((r) => ({
    id: r.id,
    contactNumber: r.contactNumber,
    memberId: r.terms.memberId,
    billToId: r.billTo.id,
    billToName: r.billTo.name,
    planId: r.planId,
    planName: r.plan?.name ?? null,
    lob: r.lob,
    status: coverageStatusOn(r.terms, r.plan, today),
    dateBegin: r.terms.dateBegin,
    dateEnd: r.terms.dateEnd,
    tripsYTD: trips.get(r.billTo.id) ?? 0,
    planTripLimitCount: tripLimitOf(r.terms, r.plan),
  }));
  const current = applicableCoverage(records, today);
  const shown = current ? coverages.find((c) => c.id === current.record.id)! : null;
  return {
    contactId,
    name: contact.name,
    status: shown?.status ?? null,
    tripsYTD: shown?.tripsYTD ?? null,
    planTripLimitCount: shown?.planTripLimitCount ?? null,
    coverages,
  };
}

/** GET appointment-type-options: those offered for the bill-to (no bill-to rows: every one), by code. */
export async function appointmentTypeOptions(pool: Pool | PoolClient, billToId: string | undefined, q: string | undefined) {
  const { rows } = await pool.query<{ code: string; display: string }>(
    prepared(
      `select t.code, t.display
         from appointment_types t
        where not t.deleted
          and ($2::text is null or strpos(lower(t.code), lower($2)) > 0 or strpos(lower(t.display), lower($2)) > 0)
          and ($1::uuid is null
               or not exists (select 1 from appointment_type_bill_tos b where b.appointment_type_id = t.id)
               or exists (select 1 from appointment_type_bill_tos b where b.appointment_type_id = t.id and b.bill_to_id = $1))
        order by t.code`,
      [billToId ?? null, q || null],
    ),
  );
  return rows;
}

/** GET guess-appt-type: the passenger's most frequent appointment type at the destination. */
export async function guessApptType(pool: Pool, passengerId: string, destinationId: string) {
  await passengerOrNotFound(pool, passengerId);
  const { rows } = await pool.query<{ appt_type: string; service_date: string }>(
    `select tl.appt_type, da.service_date
       from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
      where tl.passenger_id = $1 and tl.location_second_id = $2 and tl.appt_type is not null and not da.deleted
      order by da.service_date desc
      limit 500`,
    [passengerId, destinationId],
  );
  const best = mostFrequentApptType(rows.map((r) => ({ apptType: r.appt_type, serviceDate: r.service_date })));
  if (!best) return { apptType: null, display: null, count: 0, of: 0 };
  const t = await pool.query<{ display: string }>(
    'select display from appointment_types where lower(code) = lower($1) and not deleted',
    [best.apptType],
  );
  return { apptType: best.apptType, display: t.rows[0]?.display ?? best.apptType, count: best.count, of: best.of };
}

/** GET appt-to-see-options: whom passengers saw at the place, most visited first. */
export async function apptToSeeOptions(pool: Pool, locationId: string) {
  const { rows } = await pool.query<{ name: string; visits: number }>(
    `select min(btrim(tl.appt_to_see)) as name, count(*)::int as visits
       from trip_legs tl
      where tl.location_second_id = $1 and tl.appt_to_see is not null and btrim(tl.appt_to_see) <> ''
      group by lower(btrim(tl.appt_to_see))
      order by visits desc, name
      limit 25`,
    [locationId],
  );
  return rows;
}

/**
 * GET guess-will-call-duration: past waits of the passenger between the drop-off at a destination
 * (actual, else ordered) and the pickup of the next leg of the same trip from there (actual, else
 * called in, else ordered; never the will-call placeholder). The destination's visits count; without
 * them, the visits of the appointment type anywhere.
 */
export async function guessWillCallDuration(pool: Pool, passengerId: string, apptType: string | undefined, destinationId: string | undefined) {
  await passengerOrNotFound(pool, passengerId);
  const waits = async (byDestination: boolean) => {
    const { rows } = await pool.query<{ dropped: string | null; picked: string | null }>(
      `select coalesce(a.loc_second_time_act, a.loc_second_time_ord)::text as dropped,
              coalesce(b.loc_first_time_act, b.call_in_time, nullif(b.loc_first_time_ord, '23:59:00'))::text as picked
         from trip_legs a
         join trip_legs b on b.drive_assignment_id = a.drive_assignment_id and b.leg_order = a.leg_order + 1
                         and b.passenger_id = a.passenger_id and b.location_first_id = a.location_second_id
         join drive_assignments da on da.id = a.drive_assignment_id
        where a.passenger_id = $1 and not da.deleted and not da.canceled
          and ($2::uuid is null or a.location_second_id = $2)
          and ($3::text is null or lower(a.appt_type) = lower($3))
        order by da.service_date desc
        limit 200`,
      [passengerId, byDestination ? destinationId : null, apptType ?? null],
    );
    return rows.map((r) => secondsBetween(r.dropped, r.picked)).filter((s): s is number => s !== null);
  };
  let samples = destinationId ? await waits(true) : [];
  if (samples.length === 0 && apptType) samples = await waits(false);
  return guessDuration(samples);
}

const RULE_KEYS = ['pickupEarlyMinutes', 'pickupLateMinutes', 'arriveBeforeApptMinutes'] as const;

/** A stored on-time rule, or null when the stored value is not a whole rule. */
function storedRule(v: unknown): OnTimeRule | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  return RULE_KEYS.every((k) => Number.isInteger(o[k]) && (o[k] as number) >= 0) ? (o as unknown as OnTimeRule) : null;
}

/** GET on-time-rule-service: the passenger's rule, else the bill-to's, else the operator's. */
export async function onTimeRule(pool: Pool, passengerId: string, billToId: string | undefined, now: Date): Promise<z.input<typeof OnTimeRuleAnswer>> {
  const passenger = await passengerOrNotFound(pool, passengerId);
  let billTo = billToId ?? null;
  if (!billTo) billTo = applicableCoverage(await coveragesOf(pool, passengerId), operatorToday(now))?.record.billTo.id ?? null;
  const billToRule = billTo ? storedRule((await findContact(pool, billTo))?.onTimeRule) : null;
  const { rule, source } = onTimeRuleFor(storedRule(passenger.onTimeRule), billToRule);
  return {
    pickupEarlyMinutes: rule.pickupEarlyMinutes,
    pickupLateMinutes: rule.pickupLateMinutes,
    arriveBeforeApptMinutes: rule.arriveBeforeApptMinutes,
    source,
    billToId: billTo,
  };
}
