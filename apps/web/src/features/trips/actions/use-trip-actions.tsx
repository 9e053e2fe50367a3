import { useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import { declineRefusal, hasOccurred, rowActionStates, type DriveAssignment } from '@tripline/core';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../home/use-day-trips.ts';
import { acceptAll, acceptTrip, confirmPastTrip, finaliseAll, finaliseTrip, type ActionContext } from './accept.tsx';
import type { TripModalProps } from './ActionModal.tsx';
import { AssignDriverModal } from './AssignDriverModal.tsx';
import { CancelLegModal } from './CancelLegModal.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { ExpenseModal } from './ExpenseModal.tsx';
import { FlagModal } from './FlagModal.tsx';
import { SmsModal } from './SmsModal.tsx';
import { StatsModal } from './StatsModal.tsx';
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
      // The menu disables a refused action; a live update may have changed the trip since it opened.
      const state = rowActionStates(trip, new Date(), { developerMode: current.developerMode })[kind];
      if (!state.enabled) {
        toast.warning(state.reason);
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
