import { List, Stack, Text } from '@mantine/core';
import {
  TRIP_MSG,
  acceptAllMembers,
  acceptRefusal,
  contract,
  finaliseBlockedReason,
  hasOccurred,
  type TripListRow,
  type WindowMember,
} from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { toast } from '../../../lib/toast.tsx';
import { formatMoney, plural } from '../home/trip-format.ts';
import type { TripRows } from '../home/use-day-trips.ts';
import { loadDayRows } from '../api.ts';
import { rateAcceptAllRefusal, rateAcceptSelection, type BatchFailure, type TripRef } from './partner-rules.ts';
import { TRIP_WRITE_QUIET, applyBatchFailures, showTripFailure } from './trip-write.tsx';

export interface ActionContext {
  rows: TripRows;
  developerMode: boolean;
}

const refs = (trips: readonly TripRef[]) => trips.map(({ id, modCount }) => ({ id, modCount }));
type Named = Pick<TripListRow, 'id' | 'referenceNumber'>;

function FailureList({ failed }: { failed: readonly BatchFailure[] }) {
  return (
    <List size="xs" spacing={2}>
      {failed.slice(0, 5).map((f) => (
        <List.Item key={f.id}>
          {f.referenceNumber ?? f.id}: {f.message}
        </List.Item>
      ))}
      {failed.length > 5 && <List.Item>and {failed.length - 5} more</List.Item>}
    </List>
  );
}

/** spec 1 §5: a past trip is accepted or declined only in developer mode, after this warning. */
export function confirmPastTrip(trip: Pick<TripListRow, 'referenceNumber'>, verb: 'Accept' | 'Decline'): Promise<boolean> {
  return confirm({
    title: `Trip ${trip.referenceNumber} is in the past`,
    message: (
      <Stack gap={4}>
        <Text size="sm">{TRIP_MSG.ALREADY_OCCURRED}</Text>
        <Text size="sm">{verb} it anyway (developer mode)?</Text>
      </Stack>
    ),
    confirmLabel: `${verb} anyway`,
  });
}

/** Sends an accept; `first` names the trip a failure of the whole request is about. */
async function sendAccept(trips: readonly TripRef[], first: Named, ctx: ActionContext, developerMode: boolean) {
  for (const t of trips) ctx.rows.touch(t.id);
  try {
    const result = await callApi(contract.accept, { body: { driveAssignments: refs(trips), developerMode }, quiet: TRIP_WRITE_QUIET });
    ctx.rows.replace(result.accepted);
    return { ...result, refused: applyBatchFailures(result.failed, ctx.rows) };
  } catch (error) {
    showTripFailure(error, first, ctx.rows);
    return null;
  }
}

export async function acceptTrip(trip: TripListRow, ctx: ActionContext): Promise<void> {
  const now = new Date();
  const refusal = acceptRefusal(trip, now, ctx.developerMode);
  if (refusal) {
    toast[refusal.kind](refusal.message);
    return;
  }
  const past = hasOccurred(trip, now);
  if (past && !(await confirmPastTrip(trip, 'Accept'))) return;
  const result = await sendAccept([trip], trip, ctx, past);
  if (!result) return;
  if (result.accepted.length) toast.success(`Trip ${trip.referenceNumber} accepted.`);
  else if (result.past) toast.warning(TRIP_MSG.ALREADY_OCCURRED);
  else if (result.refused.length) toast.error(result.refused[0].message);
}

/**
 * spec 1 §5: accept all skips read-only, accepted and past trips and reports how many were past.
 * The list's members say which (their flags) and with which modCount: no row needs to be read.
 */
export async function acceptAll(members: readonly WindowMember[], ctx: ActionContext): Promise<void> {
  const { eligible, past } = acceptAllMembers(members);
  const pastNote = past ? `${plural(past, 'trip')} already occurred and ${past === 1 ? 'is' : 'are'} not accepted.` : null;
  if (eligible.length === 0) {
    toast.info(['There are no trips to accept.', pastNote].filter(Boolean).join(' '));
    return;
  }
  const yes = await confirm({
    title: 'Accept all',
    message: (
      <Stack gap={4}>
        <Text size="sm">Accept {plural(eligible.length, 'trip')}?</Text>
        {pastNote && <Text size="sm">{pastNote}</Text>}
      </Stack>
    ),
    confirmLabel: `Accept ${plural(eligible.length, 'trip')}`,
  });
  if (!yes) return;
  const result = await sendAccept(eligible, { id: eligible[0].id, referenceNumber: eligible[0].id }, ctx, false);
  if (!result) return;
  const pastTotal = past + result.past;
  const lines = [`Accepted ${plural(result.accepted.length, 'trip')}.`];
  if (pastTotal) lines.push(`${plural(pastTotal, 'trip')} already occurred and ${pastTotal === 1 ? 'was' : 'were'} not accepted.`);
  toast[pastTotal ? 'warning' : 'success'](lines.join(' '), { title: 'Accept all' });
  if (result.refused.length) {
    toast.error(<FailureList failed={result.refused} />, { title: `${plural(result.refused.length, 'trip')} could not be accepted` });
  }
}

async function sendRateAccept(trips: readonly TripListRow[], ctx: ActionContext) {
  for (const t of trips) ctx.rows.touch(t.id);
  try {
    const result = await callApi(contract.acceptRate, { body: { driveAssignments: refs(trips) }, quiet: TRIP_WRITE_QUIET });
    ctx.rows.replace(result.accepted);
    // spec 1 §8: a partial failure is 'Rate Accept Error!'; stale trips get the conflict text instead
    const refused = applyBatchFailures(result.failed, ctx.rows);
    if (refused.length) toast.error(<FailureList failed={refused} />, { title: TRIP_MSG.RATE_ACCEPT_ERROR });
    return result;
  } catch (error) {
    showTripFailure(error, trips[0], ctx.rows);
    return null;
  }
}

/** spec 1 §4: finalising sets the pay status to Final; the first blocking reason is shown instead. */
export async function finaliseTrip(trip: TripListRow, ctx: ActionContext): Promise<void> {
  const blocked = finaliseBlockedReason(trip, new Date());
  if (blocked) {
    const unknown = !['Open', 'Pending', 'Final'].includes(trip.partnerPayStatus);
    toast[unknown ? 'error' : 'warning'](blocked, { title: `Trip ${trip.referenceNumber} cannot be finalized` });
    return;
  }
  const rate = formatMoney(trip.farmoutRate);
  const yes = await confirm({
    title: `Finalize trip ${trip.referenceNumber}`,
    message: `Accept the rate${rate ? ` of ${rate}` : ''} for this trip? Its pay status becomes Final and the trip can no longer be changed.`,
    confirmLabel: 'Accept rate',
  });
  if (!yes) return;
  const result = await sendRateAccept([trip], ctx);
  if (result?.accepted.length) toast.success(`Trip ${trip.referenceNumber} finalized.`);
}

/**
 * spec 1 §8 rate accept for the list: the rules need more of each trip than its member says, so the
 * day's list rows are read once (those of the list's members count) and the usual rules applied.
 */
export async function finaliseAll(date: string, members: readonly WindowMember[], ctx: ActionContext): Promise<void> {
  let rows: TripListRow[];
  try {
    rows = await loadDayRows(date);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error), { title: 'The trips could not be read' });
    return;
  }
  const listed = new Set(members.map((m) => m[0]));
  const selection = rateAcceptSelection(
    rows.filter((r) => listed.has(r.id)),
    new Date(),
  );
  const refusal = rateAcceptAllRefusal(selection);
  if (refusal) {
    toast[refusal.kind](refusal.message);
    return;
  }
  const held = selection.pending.length - selection.eligible.length;
  const yes = await confirm({
    title: 'Finalize trips',
    message: (
      <Stack gap={4}>
        <Text size="sm">Accept the rates of {plural(selection.eligible.length, 'trip')}? Their pay status becomes Final.</Text>
        {held > 0 && <Text size="sm">{plural(held, 'trip')} pending rate approval cannot be finalized yet and will be left as they are.</Text>}
      </Stack>
    ),
    confirmLabel: `Finalize ${plural(selection.eligible.length, 'trip')}`,
  });
  if (!yes) return;
  const result = await sendRateAccept(selection.eligible, ctx);
  if (result?.accepted.length) toast.success(`Finalized ${plural(result.accepted.length, 'trip')}.`);
}
