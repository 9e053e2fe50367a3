import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { reservationKey, RES_MSG } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday, parseDateInput } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { useQueryPassenger } from './api.ts';
import { fromDetail, newTrip } from './form.ts';
import { ReservationEditor } from './ReservationEditor.tsx';
import { useReservation } from './use-reservation.ts';

function EditorSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the reservation">
      <Skeleton height={32} width="40%" />
      <Skeleton height={140} />
      <Skeleton height={260} />
    </Stack>
  );
}

/**
 * /drive-assv-edit/{id} (spec 1 §2, 2 §2–§9): 'new' books a trip (passengerId and serviceDate may
 * come in the query), an id over 10 characters or a reference number edits one.
 */
export function ReservationEditorPage({ params }: ScreenProps) {
  const param = params.id ?? 'new';
  const isNew = 'new' in reservationKey(param);
  const [query] = useSearchParams();
  const user = useCurrentUser().data;
  const dirty = useRef(false);
  const [remoteChanged, setRemoteChanged] = useState(false);

  // spec 2 §8: another's change refreshes a clean form (with the toast), or asks first when it has unsaved changes
  const found = useReservation(isNew ? null : param, () => {
    if (dirty.current) {
      setRemoteChanged(true);
      return;
    }
    void found.reload().then(() => toast.success(RES_MSG.REFRESHED, { id: 'reservation-refreshed', duration: 'short' }));
  });

  const passengerId = isNew ? query.get('passengerId') : null;
  const asked = useQueryPassenger(passengerId);
  const day = parseDateInput(query.get('serviceDate') ?? '', localToday()) ?? localToday();
  const passenger = asked.data ?? null;
  const fresh = useMemo(() => newTrip(crypto.randomUUID(), day, passenger), [day, passenger]);

  const shared = {
    isAdmin: !!user?.adminAccess,
    liveLost: found.liveLost,
    noLock: found.noLock,
    remoteChanged,
    touch: found.touch,
    onDirty: (d: boolean) => {
      dirty.current = d;
    },
    onKeepEditing: () => setRemoteChanged(false),
    onReload: () => {
      setRemoteChanged(false);
      dirty.current = false;
      void found.reload();
    },
    onSaved: found.put,
  };

  if (isNew && passengerId && asked.isPending) return <EditorSkeleton />;
  if (isNew && found.state.kind !== 'ready') return <ReservationEditor key={fresh.id} saved={null} initial={fresh} {...shared} />;
  const state = found.state;
  if (state.kind === 'loading') return <EditorSkeleton />;
  if (state.kind === 'missing') {
    return (
      <Alert color="yellow" title={RES_MSG.NOT_FOUND} role="alert">
        <Text size="sm">No reservation has the id or reference number {param}.</Text>
      </Alert>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert color="red" title="The reservation could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void found.reload()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ReservationEditor key={state.trip.id} saved={state.trip} initial={fromDetail(state.trip)} {...shared} />;
}
