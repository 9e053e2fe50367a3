import { CancelReason, cancelReasonsFor, DeclineReason, isStaff, operatorToday } from '@tripline/core';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';

export async function declineReasons(deps: AppDeps): Promise<z.input<typeof DeclineReason>[]> {
  const { rows } = await deps.pool.query<{ name: string; aliases: string[]; always_visible: boolean }>(
    'select name, aliases, always_visible from decline_reasons order by sort_order, name',
  );
  return rows.map((r) => ({ name: r.name, aliases: r.aliases, alwaysVisible: r.always_visible }));
}

/**
 * Cancel reasons and whether each needs stats (spec 2 §6): staff get all; others not the
 * staff-only ones, and for a service date after today only Advance Notice. A day that has begun
 * may hold trips that already took place, so today offers the full list; cancelling a leg checks
 * the trip itself. With a bill-to, reasons limited to other bill-tos are left out (a reason limited
 * to none applies to every bill-to).
 */
export async function cancelReasons(
  deps: AppDeps,
  user: SessionUser,
  serviceDate: string | undefined,
  billToId?: string,
): Promise<z.input<typeof CancelReason>[]> {
  const { rows } = await deps.pool.query<{ label: string; require_stats: boolean; require_notes: boolean; staff_only: boolean }>(
    `select label, require_stats, require_notes, staff_only from cancel_reasons r
      where $1::uuid is null
         or not exists (select 1 from cancel_reason_bill_tos b where b.cancel_reason_id = r.id)
         or exists (select 1 from cancel_reason_bill_tos b where b.cancel_reason_id = r.id and b.bill_to_id = $1)
      order by sort_order, label`,
    [billToId ?? null],
  );
  const past = !serviceDate || serviceDate <= operatorToday(deps.clock.now());
  const reasons = rows.map((r) => ({ label: r.label, requireStats: r.require_stats, requireNotes: r.require_notes, staffOnly: r.staff_only }));
  return cancelReasonsFor(reasons, { staff: isStaff(user), past }).map((r) => ({ label: r.label, requireStats: r.requireStats, requireNotes: r.requireNotes }));
}
