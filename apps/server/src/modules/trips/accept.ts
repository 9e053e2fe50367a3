import {
  acceptRefusal,
  finaliseBlockedReason,
  noRateRefusal,
  TRIP_MSG,
  AcceptResult,
  type DriveAssignment,
  RateAcceptResult,
  type TripBatchBody,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertDeveloperMode } from './developer-mode.ts';
import { lockTrips } from './repository.ts';
import { auditOf, freshTrips, writeAudits } from './write.ts';

type Batch = z.output<typeof TripBatchBody>;
type Accepted = z.input<typeof AcceptResult>;
type RateAccepted = z.input<typeof RateAcceptResult>;
type Failure = Accepted['failed'][number];

const NOT_FOUND = 'The record was not found.';

interface Sorted {
  ok: DriveAssignment[];
  failed: Failure[];
  past: number;
}

/**
 * Locks the batch in the caller's scope and sorts it into trips the rule allows and refusals
 * with their message. A batch of one answers like a single write: 404 when the trip is missing or
 * out of scope, 409 when its modCount is stale. In larger batches those go into `failed` too.
 */
async function sortBatch(
  client: PoolClient,
  user: SessionUser,
  batch: Batch,
  refusal: (da: DriveAssignment) => string | null,
): Promise<Sorted> {
  const refs = [...new Map(batch.driveAssignments.map((r) => [r.id, r])).values()];
  const single = refs.length === 1;
  const locked = await lockTrips(client, user, refs.map((r) => r.id));
  const sorted: Sorted = { ok: [], failed: [], past: 0 };
  for (const ref of refs) {
    const da = locked.get(ref.id);
    if (!da) {
      if (single) throw notFound();
      sorted.failed.push({ id: ref.id, referenceNumber: null, message: NOT_FOUND });
    } else if (da.modCount !== ref.modCount) {
      if (single) throw conflict(TRIP_MSG.CONFLICT_SERVER, da);
      sorted.failed.push({ id: da.id, referenceNumber: da.referenceNumber, message: TRIP_MSG.CONFLICT_SERVER, current: da });
    } else {
      const message = refusal(da);
      if (message === null) sorted.ok.push(da);
      else {
        if (message === TRIP_MSG.ALREADY_OCCURRED) sorted.past++;
        sorted.failed.push({ id: da.id, referenceNumber: da.referenceNumber, message });
      }
    }
  }
  return sorted;
}

/**
 * spec 1 §4, §5: accept one trip or all of a day. Accept all sends every trip of the day; the
 * read-only, accepted and past ones come back in `failed` with their reason, and `past` counts
 * the ones that already occurred (accepted only in developer mode, by staff).
 */
export async function acceptTrips(deps: AppDeps, req: FastifyRequest, user: SessionUser, batch: Batch): Promise<Accepted> {
  await assertDeveloperMode(deps.pool, user, batch.developerMode);
  const now = deps.clock.now();
  return inTransaction(deps.pool, async (client) => {
    const { ok, failed, past } = await sortBatch(client, user, batch, (da) => acceptRefusal(da, now, batch.developerMode)?.message ?? null);
    const ids = ok.map((da) => da.id);
    if (ids.length > 0) {
      await client.query(
        'update drive_assignments set accepted = true, mod_count = mod_count + 1, updated_at = now() where id = any($1::uuid[])',
        [ids],
      );
      await writeAudits(
        client,
        ok.map((da) =>
          auditOf(req, 'accept', 'drive_assignments', da.id, { accepted: false, modCount: da.modCount }, {
            accepted: true,
            modCount: da.modCount + 1,
            ...(batch.developerMode ? { developerMode: true } : {}),
          }),
        ),
      );
    }
    return { accepted: await freshTrips(client, ids), failed, past };
  });
}

/** spec 1 §4: rate accept finalises trips that may be finalised; the pay status becomes Final. */
export async function rateAcceptTrips(deps: AppDeps, req: FastifyRequest, user: SessionUser, batch: Batch): Promise<RateAccepted> {
  await assertDeveloperMode(deps.pool, user, batch.developerMode);
  const now = deps.clock.now();
  return inTransaction(deps.pool, async (client) => {
    const { ok, failed } = await sortBatch(client, user, batch, (da) => finaliseBlockedReason(da, now) ?? noRateRefusal(da));
    const ids = ok.map((da) => da.id);
    if (ids.length > 0) {
      await client.query(
        `update drive_assignments set partner_pay_status = 'Final', mod_count = mod_count + 1, updated_at = now() where id = any($1::uuid[])`,
        [ids],
      );
      await writeAudits(
        client,
        ok.map((da) =>
          auditOf(req, 'rate-accept', 'drive_assignments', da.id, { partnerPayStatus: da.partnerPayStatus, modCount: da.modCount }, {
            partnerPayStatus: 'Final',
            modCount: da.modCount + 1,
          }),
        ),
      );
    }
    return { accepted: await freshTrips(client, ids), failed };
  });
}
