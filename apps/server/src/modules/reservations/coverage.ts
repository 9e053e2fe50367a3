import { ASSISTANT_SERVICE_CODE, type CoverageCheckResult } from '@tripline/core';
import type { PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';
import { checkCoverage } from '../coverage/check.ts';
import type { PreparedLeg } from './prepare.ts';

/** What a booking's coverage gave: the bill-to and plan of each passenger, and the warnings to show. */
export interface CoverageOutcome {
  byPassenger: Map<string, CoverageCheckResult>;
  warnings: string[];
}

/**
 * spec 2 §5, §7: each passenger's coverage on the day for the service and appointment type. A
 * failure blocks the save unless authorizedBy is given and the plan allows overrides (the check's
 * `blocked`). A leg without an appointment type is not checked: the check needs one (rule 97).
 */
export async function checkReservationCoverage(
  client: PoolClient,
  trip: { id: string; serviceDate: string; serviceTypeRequested: string; authorizedBy: string | null; created: string | null },
  legs: readonly PreparedLeg[],
  now: Date,
): Promise<CoverageOutcome> {
  const byPassenger = new Map<string, CoverageCheckResult>();
  const warnings: string[] = [];
  for (const [i, leg] of legs.entries()) {
    const l = leg.input;
    if (l.canceled || !leg.passenger || !l.apptType || l.serviceCode === ASSISTANT_SERVICE_CODE || byPassenger.has(leg.passenger.id)) continue;
    const result = await checkCoverage(
      client,
      {
        passengerId: leg.passenger.id,
        serviceDate: trip.serviceDate,
        serviceType: trip.serviceTypeRequested,
        appointmentType: l.apptType,
        serviceTime: l.apptTime ?? l.locFirstTimeOrd ?? null,
        authorizedBy: trip.authorizedBy,
        created: trip.created,
        distanceMetersEstimated: leg.drive?.meters ?? null,
        pickupId: leg.first?.id ?? null,
        dropoffId: leg.second?.id ?? null,
        driveAssignmentId: trip.id,
      },
      now,
    );
    if (result.blocked) {
      const message = result.error ?? 'The coverage check refused this booking';
      throw badRequest(message, [{ path: `tripLegs.${i}.passengerId`, message }]);
    }
    byPassenger.set(leg.passenger.id, result);
    if (result.error) warnings.push(result.error);
    warnings.push(...result.warnings);
  }
  return { byPassenger, warnings };
}
