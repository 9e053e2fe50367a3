import {
  COVERAGE_MSG,
  CoverageCheckInput,
  judgeCoverage,
  missingCoverageInputs,
  type ApptTypeTerms,
  type CoverageCheckResult,
} from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { badRequest, notFound } from '../../platform/errors.ts';
import { validationError } from '../../platform/http.ts';
import { applicableCoverage, coveragesOf, findContact, partnersServing, tripsThisYear } from './repository.ts';
import { prepared } from '../../platform/db/prepared.ts';

export type { CoverageCheckInput, CoverageCheckResult };

/** The appointment type by code or name (case aside), with the bill-tos it is limited to. */
async function apptTypeTerms(db: Pool | PoolClient, apptType: string): Promise<ApptTypeTerms> {
  const { rows } = await db.query<{ bill_to_ids: string[] }>(
    prepared(
      `select coalesce(array_agg(b.bill_to_id) filter (where b.bill_to_id is not null), '{}') as bill_to_ids
         from appointment_types t
         left join appointment_type_bill_tos b on b.appointment_type_id = t.id
        where not t.deleted and (lower(t.code) = lower($1) or lower(t.display) = lower($1))
        group by t.id
        order by lower(t.code) = lower($1) desc
        limit 1`,
      [apptType],
    ),
  );
  return rows[0] ? { known: true, billToIds: rows[0].bill_to_ids } : { known: false };
}

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The full coverage check of a booking (spec 2 §5, §7; DECISIONS 10), as POST coverage-check
 * answers it and the reservation save runs it: the passenger's coverage on the service date, its
 * plan's rules (core judgeCoverage), and the partners serving the pickup's ZIP code. The input is
 * validated here too, so a caller cannot skip the contract: missing inputs are a 400 with the
 * spec's text, an unknown passenger a 404.
 */
export async function checkCoverage(db: Pool | PoolClient, input: CoverageCheckInput, now: Date): Promise<CoverageCheckResult> {
  const parsed = CoverageCheckInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const v = parsed.data;
  if (missingCoverageInputs(v).length > 0) throw badRequest(COVERAGE_MSG.NEEDS_INPUTS);
  const passengerId = v.passengerId!.trim();
  const serviceDate = v.serviceDate!;
  const passenger = await findContact(db, passengerId);
  if (!passenger) throw notFound('The passenger was not found.');

  const memberId = blank(v.memberId);
  const found = applicableCoverage(await coveragesOf(db, passengerId, { memberId }), serviceDate);
  const record = found?.record ?? null;
  const trips = record ? await tripsThisYear(db, passengerId, [record.billTo.id], serviceDate, blank(v.driveAssignmentId)) : null;
  const tripsYTD = record ? (trips?.get(record.billTo.id) ?? 0) : 0;
  const appointmentType = v.appointmentType!.trim();

  const verdict = judgeCoverage({
    coverage: record?.terms ?? null,
    plan: record?.plan ?? null,
    billTo: record?.billTo ?? null,
    requestedMemberId: memberId,
    serviceDate,
    serviceType: v.serviceType!,
    appointmentType,
    apptType: await apptTypeTerms(db, appointmentType),
    tripsYTD,
    created: v.created ? new Date(v.created) : now,
    serviceTime: v.serviceTime ?? null,
    distanceMetersEstimated: v.distanceMetersEstimated ?? null,
    authorizedBy: blank(v.authorizedBy),
  });
  const pickupId = blank(v.pickupId);
  const pickup = pickupId ? await partnersServing(db, pickupId) : { zip: null, partners: [] };

  return {
    error: verdict.error,
    overridable: verdict.overridable,
    blocked: verdict.blocked,
    warnings: verdict.warnings,
    status: verdict.status,
    billToId: record?.billTo.id ?? null,
    billToName: record?.billTo.name ?? null,
    lob: record?.lob ?? null,
    planId: record?.planId ?? null,
    planName: record?.plan?.name ?? null,
    coverage: record
      ? {
          id: record.id,
          memberId: record.terms.memberId,
          dateBegin: record.terms.dateBegin,
          dateEnd: record.terms.dateEnd,
          tripsYTD,
          planTripLimitCount: verdict.tripLimit,
        }
      : null,
    pickupZip: pickup.zip,
    partners: pickup.partners,
  };
}
