import { useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import {
  TRIP_MSG,
  canCancelLeg,
  cancelLegRefusal,
  declineRefusal,
  expenseRefusal,
  hasOccurred,
  partnerEditRefusal,
  statsRefusal,
  waitTimeDecision,
  type DriveAssignment,
} from '@tripline/core';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../home/use-day-trips.ts';
import { acceptAll, acceptTrip, confirmPastTrip, finaliseAll, finaliseTrip, type ActionContext } from './accept.tsx';
import type { TripModalProps } from './ActionModal.tsx';
import { AssignDriverModal } from './AssignDriverModal.tsx';
import { CancelLegModal } from './CancelLegModal.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { ExpenseModal } from './ExpenseModal.tsx';
import { FlagModal } from './FlagModal.tsx';
import { smsTargets } from './partner-rules.ts';
import { SmsModal } from './SmsModal.tsx';
import { StatsModal } from './StatsModal.tsx';
import { statsLegs } from './stats-form.ts';
import { WaitTimeModal } from './WaitTimeModal.tsx';

const MODALS = {
  decline: DeclineModal,
  stats: StatsModal,
  waitTime: WaitTimeModal,
  expense: ExpenseModal,
  driver: AssignDriverModal,
  flag: FlagModal,
  sms: SmsModal,
  cancelLeg: CancelLegModal,
} satisfies Record<string, ComponentType<TripModalProps>>;

export type ModalAction = keyof typeof MODALS;
export type TripAction = 'accept' | 'finalise' | ModalAction;

/**
 * Why an action cannot start on this trip, from the rules the server applies too; null lets it
 * start. Each dialog checks its own details (a leg, a reason) again before sending.
 */
function refusalOf(kind: ModalAction, trip: DriveAssignment, now: Date): string | null {
  switch (kind) {
    case 'stats': {
      const legs = statsLegs(trip.tripLegs);
      if (legs.length === 0) return TRIP_MSG.STATS_LEG_NOT_NEEDED;
      const refusals = legs.map((leg) => statsRefusal(trip, leg, now));
      return refusals.every(Boolean) ? refusals[0] : null;
    }
    case 'driver':
      return partnerEditRefusal(trip);
    case 'waitTime': {
      // Denials the server would answer anyway (a Final trip, a dry run) are said before asking.
      const decision = waitTimeDecision(trip, 1, 0, now);
      return 'refused' in decision ? decision.refused : decision.status === 'Denied' ? decision.message : null;
    }
    case 'expense':
      return expenseRefusal(trip);
    case 'sms': {
      const targets = smsTargets(trip);
      if (targets.some((t) => t.ok)) return null;
      const first = targets[0];
      return first && !first.ok ? first.message : TRIP_MSG.MISSING_CONTACT_ID;
    }
    case 'cancelLeg': {
      if (trip.tripLegs.some((l) => canCancelLeg(trip, l))) return null;
      const leg = trip.tripLegs[0];
      return leg ? cancelLegRefusal(trip, leg, null, { staff: false, now }) : TRIP_MSG.NOT_EDITABLE;
    }
    default:
      return null;
  }
}

/**
 * Every row action of the Home list: quick ones run at once, the others open their dialog on the
 * trip as the list holds it (so a live update in between still sends the current modCount).
 */
export function useTripActions({ rows, developerMode, trips }: { rows: TripRows; developerMode: boolean; trips: readonly DriveAssignment[] | undefined }) {
  const [open, setOpen] = useState<{ kind: ModalAction; id: string } | null>(null);
  const ctx: ActionContext = useMemo(() => ({ rows, developerMode }), [rows, developerMode]);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  const run = useCallback(async (kind: TripAction, trip: DriveAssignment) => {
    const current = ctxRef.current;
    if (kind === 'accept') return acceptTrip(trip, current);
    if (kind === 'finalise') return finaliseTrip(trip, current);
    if (kind === 'decline') {
      const now = new Date();
      const refusal = declineRefusal(trip, now, current.developerMode);
      if (refusal) {
        toast[refusal.kind](refusal.message);
        return;
      }
      if (hasOccurred(trip, now) && !(await confirmPastTrip(trip, 'Decline'))) return;
    } else {
      const refusal = refusalOf(kind, trip, new Date());
      if (refusal) {
        toast.warning(refusal);
        return;
      }
    }
    setOpen({ kind, id: trip.id });
  }, []);

  const runAll = useCallback((kind: 'accept' | 'finalise', list: readonly DriveAssignment[]) => {
    return kind === 'accept' ? acceptAll(list, ctxRef.current) : finaliseAll(list, ctxRef.current);
  }, []);

  const trip = open ? trips?.find((t) => t.id === open.id) : undefined;
  const Modal = open && trip ? MODALS[open.kind] : null;
  const close = useCallback(() => setOpen(null), []);
  const modal = Modal && trip ? <Modal key={open?.kind} trip={trip} rows={rows} developerMode={developerMode} onClose={close} /> : null;

  return { run, runAll, modal };
}
