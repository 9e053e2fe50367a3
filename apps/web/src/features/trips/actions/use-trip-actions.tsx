import { useCallback, useMemo, useRef, useState } from 'react';
import { declineRefusal, hasOccurred, rowActionStates, type TripListRow, type WindowMember } from '@tripline/core';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../home/use-day-trips.ts';
import { acceptAll, acceptTrip, confirmPastTrip, finaliseAll, finaliseTrip, type ActionContext } from './accept.tsx';
import { TripDialog, type ModalAction } from './TripDialog.tsx';

export type { ModalAction } from './TripDialog.tsx';
export type TripAction = 'accept' | 'finalise' | ModalAction;

/**
 * Every row action of the Home list, decided from the list row: quick ones run at once, the others
 * open their dialog on the full trip, read when the dialog opens and again whenever the list's
 * version stamp of the trip moves on (so a live update in between still sends the current modCount).
 */
export function useTripActions({
  rows,
  developerMode,
  memberOf,
}: {
  rows: TripRows;
  developerMode: boolean;
  /** The list's member of a trip: its version stamp now. */
  memberOf(id: string): WindowMember | undefined;
}) {
  const [open, setOpen] = useState<{ kind: ModalAction; row: TripListRow } | null>(null);
  const ctx: ActionContext = useMemo(() => ({ rows, developerMode }), [rows, developerMode]);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  const run = useCallback(async (kind: TripAction, trip: TripListRow) => {
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
    setOpen({ kind, row: trip });
  }, []);

  /** Accept all (the members' flags say which) or finalise all (the day's rows are read) over the list's members. */
  const runAll = useCallback((kind: 'accept' | 'finalise', date: string, members: readonly WindowMember[]) => {
    return kind === 'accept' ? acceptAll(members, ctxRef.current) : finaliseAll(date, members, ctxRef.current);
  }, []);

  const close = useCallback(() => setOpen(null), []);
  const modal = open ? (
    <TripDialog
      key={`${open.kind}-${open.row.id}`}
      kind={open.kind}
      row={open.row}
      modCount={memberOf(open.row.id)?.[2] ?? open.row.modCount}
      rows={rows}
      developerMode={developerMode}
      onClose={close}
    />
  ) : null;

  return { run, runAll, modal };
}
