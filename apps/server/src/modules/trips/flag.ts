import type { DriveAssignment, FlagBody } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { lockTripByReference } from './repository.ts';
import { assertFresh, freshTrip, updateTrip, type TripChange } from './write.ts';

/**
 * Sets or clears (null or blank) the flag of a trip found by reference number. A flag marks a
 * trip for attention and does not touch pay, so it may be set on any trip in scope, Final ones
 * included (docs/decisions.md "Partner workflow"). modCount is checked when sent.
 */
export async function flagTrip(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof FlagBody>): Promise<DriveAssignment> {
  return inTransaction(deps.pool, async (client) => {
    const trip = await lockTripByReference(client, user, body.referenceNumber);
    if (!trip) throw notFound();
    assertFresh(trip, body.modCount);
    const flag = body.flag?.trim() || null;
    if (flag === trip.flag) return trip;
    const change: TripChange = { client, trip, user, req, now: deps.clock.now() };
    await updateTrip(change, 'flag', { flag });
    return freshTrip(change);
  });
}
