import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { contract, hasCancellation, isWillCallTime, nextWhichLeg, RES_MSG, type CoverageCheckResult, type ReservationDetail } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { assistantLeg } from './api.ts';
import { EditorActions, type EditorAction } from './EditorActions.tsx';
import { EditorDialogs, type EditorDialog } from './EditorDialogs.tsx';
import { EditorPanels } from './EditorPanels.tsx';
import { addAssistant, addLeg, dropLeg, formIssues, setWillCall, typePickup, updateLeg, withComputedPickup } from './edit.ts';
import { emptyLeg, legInput, type EditorLeg, type EditorTrip } from './form.ts';
import { LegCard } from './LegCard.tsx';
import { runSave } from './save-flow.ts';
import { TripFields } from './TripFields.tsx';
import { useAfterFirstFrame } from './use-after-first-frame.ts';
import { useUnsavedPrompt } from './use-unsaved-prompt.ts';

export interface ReservationEditorProps {
  /** The saved reservation, or null while booking a new one. */
  saved: ReservationDetail | null;
  initial: EditorTrip;
  isAdmin: boolean;
  liveLost: boolean;
  noLock: boolean;
  /** Another process changed the reservation while this form has unsaved changes. */
  remoteChanged: boolean;
  onReload(): void;
  onKeepEditing(): void;
  onSaved(trip: ReservationDetail): void;
  touch(id: string): void;
  onDirty(dirty: boolean): void;
}

/** The reservation editor's form and actions (spec 2 §2–§9). */
export function ReservationEditor(props: ReservationEditorProps) {
  const { saved, isAdmin } = props;
  const navigate = useNavigate();
  const [form, setForm] = useState(props.initial);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const [coverage, setCoverage] = useState<CoverageCheckResult | null>(null);
  const readOnly = saved?.partnerPayStatus === 'Final';
  const release = useUnsavedPrompt(dirty);

  // a fresh copy from the server replaces the form unless the user is editing
  const onDirty = useRef(props.onDirty);
  onDirty.current = props.onDirty;
  useEffect(() => onDirty.current(dirty), [dirty]);
  const initialKey = `${props.initial.id}:${props.initial.modCount}`;
  const lastInitial = useRef(initialKey);
  if (lastInitial.current !== initialKey) {
    lastInitial.current = initialKey;
    setForm(props.initial);
    setDirty(false);
    setServerErrors({});
  }

  const change = useCallback((next: (t: EditorTrip) => EditorTrip) => {
    setForm((t) => {
      const changed = next(t);
      return { ...changed, legs: changed.legs.map((l) => withComputedPickup(l, changed.serviceTypeRequested)) };
    });
    setDirty(true);
  }, []);
  const changeLeg = (key: string, c: Partial<EditorLeg>) => {
    // a measured drive or a looked-up planning window is not an edit of the user's
    if (Object.keys(c).length === 1 && ('drive' in c || 'webFields' in c)) {
      setForm((t) => ({ ...t, legs: t.legs.map((l) => (l.key === key ? withComputedPickup({ ...l, ...c }, t.serviceTypeRequested) : l)) }));
      return;
    }
    change((t) => updateLeg(t, key, c));
  };

  const issues = formIssues(form);
  const errors = showErrors ? { ...serverErrors, ...issues } : serverErrors;

  const save = async () => {
    if (readOnly || saving) return;
    if (Object.keys(issues).length > 0) {
      setShowErrors(true);
      toast.error(`${RES_MSG.FIX_ERRORS} ${Object.values(issues)[0]}`, { id: 'reservation-invalid' });
      return;
    }
    setSaving(true);
    try {
      const outcome = await runSave(form, saved, props.touch);
      if (outcome.kind === 'saved') {
        const trip = outcome.result.trip;
        setServerErrors({});
        setShowErrors(false);
        setDirty(false);
        release();
        toast.success(RES_MSG.SAVED(trip.referenceNumber), { duration: 'short' });
        for (const w of outcome.result.warnings) toast.warning(w, { duration: 'medium' });
        if (outcome.result.seriesUpdated.length) toast.info(`Also changed: ${outcome.result.seriesUpdated.join(', ')}`, { duration: 'medium' });
        props.onSaved(trip);
        if (!saved) navigate(`/drive-assv-edit/${trip.referenceNumber}`, { replace: true });
      } else if (outcome.kind === 'invalid') {
        setServerErrors(outcome.errors);
      } else if (outcome.kind === 'conflict' && outcome.current) {
        // spec 2 §8: the user's changes are rolled back to the server's copy
        setDirty(false);
        props.onSaved(outcome.current);
      }
    } finally {
      setSaving(false);
    }
  };

  useHotkeys([['mod+S', () => void save()]], []);

  const lastActive = [...form.legs].reverse().find((l) => !l.canceled) ?? form.legs[0];
  const onAction = async (action: EditorAction) => {
    if (action === 'return' || action === 'wait') {
      const next = addLeg(form, action, (action === 'wait' ? form.legs.find((l) => !l.canceled) : lastActive)?.key ?? '');
      if ('error' in next) toast.warning(next.error, { duration: 'medium' });
      else change(() => next);
    } else if (action === 'assistant') {
      const from = form.legs.find((l) => !l.canceled) ?? form.legs[0];
      const made = await assistantLeg(legInput(from), nextWhichLeg(form.legs), form.billToContactId).catch((e: Error) => {
        toast.error(e.message);
        return null;
      });
      if (!made) return;
      const assistant: EditorLeg = {
        ...emptyLeg(made.whichLeg),
        locationFirst: from.locationFirst,
        locationSecond: from.locationSecond,
        pickup: from.pickup,
        dropoff: from.dropoff,
        appt: from.appt,
        pickupTimeOverride: from.pickupTimeOverride,
        serviceCode: made.serviceCode ?? '06',
        billToContactId: made.billToContactId ?? null,
      };
      change((t) => addAssistant(t, assistant));
    } else if (action === 'cancel' && !saved) {
      toast.warning(RES_MSG.UNSAVED_CANNOT_CANCEL, { duration: 'medium' });
    } else if (action === 'duplicate' && (!saved || dirty)) {
      toast.warning(RES_MSG.DUPLICATE_NEEDS_SAVE, { duration: 'medium' });
    } else if (action === 'inspect' && saved) {
      navigate(`/admin/trips?inspect=${saved.id}`);
    } else if (action === 'unCancel' && saved) {
      props.touch(saved.id);
      const done = await callApi(contract.bulkUnCancel, { body: { referenceNumbers: [saved.referenceNumber] } }).catch(() => null);
      if (done?.changed.length) toast.success(`Trip ${saved.referenceNumber} restored.`, { duration: 'short' });
      else if (done) toast.warning(done.skipped[0]?.reason ?? 'The trip was not restored.', { duration: 'medium' });
      props.onReload();
    } else if (action !== 'unCancel' && action !== 'inspect') {
      setDialog(action);
    }
  };

  const onCoverage = useCallback((r: CoverageCheckResult | null) => setCoverage(r), []);
  const billToName = coverage?.billToName ?? saved?.billToContact ?? null;
  // the checks, history and map follow the form by a frame
  const panels = useAfterFirstFrame();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} size="h3">
              {saved ? `Reservation ${saved.referenceNumber}` : 'New reservation'}
            </Title>
            {form.willCall && <Badge color="grape">Will call</Badge>}
            {saved?.canceled && <Badge color="red">Canceled</Badge>}
            {dirty && <Badge variant="outline">Unsaved changes</Badge>}
          </Group>
          {saved && (
            <Text size="sm" c="dimmed">
              {saved.farmoutName ? `Partner ${saved.farmoutName}` : 'No partner'} · pay {saved.partnerPayStatus}
              {saved.createdByName ? ` · booked by ${saved.createdByName}` : ''}
            </Text>
          )}
        </Stack>
        <EditorActions saved={!!saved} dirty={dirty} saving={saving} readOnly={readOnly} canceled={!!saved?.canceled} restorable={!!saved && hasCancellation(saved)} isAdmin={isAdmin} onSave={() => void save()} onAction={(a) => void onAction(a)} />
      </Group>
      {readOnly && <Alert color="yellow" role="alert">{RES_MSG.FINALIZED}</Alert>}
      {props.liveLost && <Alert color="red" role="alert">{RES_MSG.LIVE_LOST}</Alert>}
      {props.noLock && !props.liveLost && <Alert color="yellow" role="status">{RES_MSG.NO_LOCK}</Alert>}
      {props.remoteChanged && (
        <Alert color="orange" role="alert" title={RES_MSG.REFRESHED.split('!')[0] + '!'}>
          <Group justify="space-between">
            <Text size="sm">Reload to see the other change (your unsaved changes are dropped), or keep editing and save over it.</Text>
            <Group gap="xs">
              <Button size="xs" onClick={props.onReload}>Reload</Button>
              <Button size="xs" variant="default" onClick={props.onKeepEditing}>Keep editing</Button>
            </Group>
          </Group>
        </Alert>
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <VisuallyHidden>
              <Title order={2}>Reservation and legs</Title>
            </VisuallyHidden>
            <TripFields key={`${form.id}:${form.modCount}`} trip={form} billToName={billToName} readOnly={readOnly} errors={errors} onChange={(c) => change((t) => ({ ...t, ...c }))} onWillCall={(on) => change((t) => setWillCall(t, on))} />
            {form.legs.map((leg, i) => (
              <LegCard
                key={leg.key}
                leg={leg}
                index={i}
                billToId={form.billToContactId ?? coverage?.billToId ?? null}
                firstApptType={form.legs[0]?.apptType ?? null}
                readOnly={readOnly}
                errors={errors}
                onChange={(c) => changeLeg(leg.key, c)}
                onPickup={(text) => change((t) => (isWillCallTime(text) || text !== leg.pickup ? typePickup(t, leg.key, text) : t))}
                onRemove={() => change((t) => dropLeg(t, leg.key))}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {panels ? <EditorPanels trip={form} farmoutName={saved?.farmoutName ?? null} onCoverage={onCoverage} /> : <Skeleton height={320} aria-hidden />}
        </Grid.Col>
      </Grid>
      <EditorDialogs
        open={dialog}
        trip={saved}
        serviceTypeRequested={form.serviceTypeRequested}
        onClose={() => setDialog(null)}
        onChanged={props.onReload}
        onOverride={props.onSaved}
      />
    </Stack>
  );
}
