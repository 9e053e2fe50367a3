import { expenseRefusal, TRIP_MSG, type DriveAssignment, type ExpenseAddQuery } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { addActivity } from './activities.ts';
import { payStatusAfter } from './pay.ts';
import { isUuid } from './repository.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudits } from './write.ts';

/** At most this many receipts on one expense. */
const MAX_RECEIPTS = 10;

/**
 * spec 1 §5: a miscellaneous expense (Tolls, Lodging, Parking Fees, Other) with an amount and the
 * receipts uploaded first. It is a partner activity awaiting the operator's review, so the trip's
 * pay status is Open until then. Receipts must be the caller's own and not used yet.
 */
export async function addExpense(deps: AppDeps, req: FastifyRequest, user: SessionUser, query: z.output<typeof ExpenseAddQuery>): Promise<DriveAssignment> {
  const receiptIds = [...new Set(query.receipts.split(',').map((s) => s.trim()).filter(Boolean))];
  const unknown = () => badRequest(TRIP_MSG.RECEIPT_UNKNOWN, [{ path: 'receipts', message: TRIP_MSG.RECEIPT_UNKNOWN }]);
  if (receiptIds.length === 0) throw badRequest(TRIP_MSG.RECEIPT_REQUIRED, [{ path: 'receipts', message: TRIP_MSG.RECEIPT_REQUIRED }]);
  if (receiptIds.length > MAX_RECEIPTS || !receiptIds.every(isUuid)) throw unknown();

  return changeTrip(deps, req, user, { id: query.driveAssignmentId, modCount: query.modCount }, async (change) => {
    const refusal = expenseRefusal(change.trip);
    if (refusal) throw badRequest(refusal);
    const { rows: receipts } = await change.client.query<{ id: string }>(
      `select id from receipts where id = any($1::uuid[]) and uploaded_by = $2 and partner_activity_id is null for update`,
      [receiptIds, user.id],
    );
    if (receipts.length !== receiptIds.length) throw unknown();

    const partnerPayStatus = payStatusAfter(change, { outstandingAdjustments: change.trip.outstandingAdjustments + 1 });
    await updateTrip(change, 'expense-add', partnerPayStatus === change.trip.partnerPayStatus ? {} : { partnerPayStatus });
    const activityId = await addActivity(change, 'expense-add', {
      action: 'Expense',
      status: 'Pending',
      amount: query.amount,
      reason: query.reason,
      notes: query.notes,
    });
    await change.client.query('update receipts set drive_assignment_id = $2, partner_activity_id = $3 where id = any($1::uuid[])', [
      receiptIds,
      change.trip.id,
      activityId,
    ]);
    await writeAudits(
      change.client,
      receiptIds.map((id) =>
        auditOf(req, 'expense-add', 'receipts', id, { driveAssignmentId: null }, { driveAssignmentId: change.trip.id, partnerActivityId: activityId }),
      ),
    );
    return freshTrip(change);
  });
}
