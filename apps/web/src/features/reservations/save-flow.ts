/** What a save asks before it is sent and how its answer is shown (spec 2 §4, §5, §8). */
import {
  asksApplyToAll,
  contract,
  farConfirmText,
  needsFarConfirm,
  seriesChanges,
  RES_MSG,
  type ReservationDetail,
  type ReservationSaveResult,
} from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { saveReservation } from './api.ts';
import { fromDetail, legInput, toSaveBody, timeValue, type EditorTrip } from './form.ts';

/** A body's fields in the terms the series rule compares (stops by their row or text). */
function seriesView(t: EditorTrip) {
  const body = toSaveBody(t);
  return {
    ...body,
    tripLegs: t.legs.map(legInput).map((l) => ({
      ...l,
      locationFirstId: l.locationFirst?.id ?? l.locationFirst?.text ?? null,
      locationSecondId: l.locationSecond?.id ?? l.locationSecond?.text ?? null,
    })),
  } as unknown as Record<string, unknown> & { tripLegs: Record<string, unknown>[] };
}

/** spec 2 §5: stops more than 300 km apart are confirmed before saving. */
async function confirmFar(t: EditorTrip): Promise<boolean> {
  const far = t.legs.find((l) => !l.canceled && needsFarConfirm(l.drive?.meters));
  if (!far || t.farConfirmed) return true;
  return confirm({ title: 'Stops far apart', message: farConfirmText(far.drive?.meters ?? 0), confirmLabel: 'Save anyway', focusConfirm: true });
}

/** spec 2 §4: a recurring reservation with changes on a later date asks whether to apply them to all. */
async function askApplyToAll(t: EditorTrip, saved: ReservationDetail | null): Promise<boolean> {
  if (!saved) return false;
  const changes = seriesChanges(seriesView(fromDetail(saved)), seriesView(t));
  if (!asksApplyToAll({ dupeReferenceKey: saved.dupeReferenceKey, serviceDate: t.serviceDate }, localToday(), changes)) return false;
  return confirm({ title: 'Recurring reservation', message: RES_MSG.APPLY_TO_ALL, confirmLabel: 'Apply to all', cancelLabel: 'Only this one' });
}

export type SaveOutcome =
  | { kind: 'saved'; result: ReservationSaveResult }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'conflict'; current: ReservationDetail | null }
  | { kind: 'stopped' };

/** spec 2 §8: a failed booking of a new trip offers to log it as a declined trip. */
async function offerDeclined(t: EditorTrip, reason: string): Promise<void> {
  const leg = t.legs[0];
  const log = await confirm({ title: 'Not saved', message: RES_MSG.DECLINED_HINT, confirmLabel: 'Log declined trip', cancelLabel: 'Keep editing' });
  if (!log || !leg) return;
  await callApi(contract.logDeclinedTrip, {
    body: {
      trip: {
        serviceDate: t.serviceDate,
        passengerId: leg.passenger?.id ?? null,
        passengerName: leg.passenger?.name ?? null,
        billToId: t.billToContactId,
        serviceType: t.serviceTypeRequested,
        pickupAddress: leg.locationFirst?.text || null,
        dropoffAddress: leg.locationSecond?.text || null,
        pickupTime: timeValue(leg.pickup),
        apptTime: timeValue(leg.appt),
        apptType: leg.apptType,
      },
      reason,
    },
  }).then(
    () => toast.success('The declined trip was logged.', { duration: 'short' }),
    () => {},
  );
}

/** Asks what must be asked, sends the save, and explains a refusal. */
export async function runSave(t: EditorTrip, saved: ReservationDetail | null, touch: (id: string) => void): Promise<SaveOutcome> {
  if (!(await confirmFar(t))) return { kind: 'stopped' };
  const applyToAll = await askApplyToAll(t, saved);
  touch(t.id);
  try {
    const result = await saveReservation(toSaveBody({ ...t, farConfirmed: true }), applyToAll);
    return { kind: 'saved', result };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) {
      const current = (error.body as { current?: ReservationDetail } | undefined)?.current ?? null;
      toast.error(RES_MSG.CONFLICT(t.referenceNumber ?? current?.referenceNumber ?? ''), { id: `conflict-${t.id}` });
      return { kind: 'conflict', current };
    }
    if (error.status === 400) {
      const errors: Record<string, string> = {};
      for (const d of error.details) errors[d.path] ??= d.message;
      toast.error(error.message, { id: `refused-${t.id}` });
      if (t.modCount === null) void offerDeclined(t, error.message);
      return { kind: 'invalid', errors };
    }
    toast.error(error.message);
    return { kind: 'stopped' };
  }
}
