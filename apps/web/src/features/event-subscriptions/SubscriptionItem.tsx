import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { EventSubscription } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { sendTest, useDeleteSubscription, useSaveSubscription } from './api.ts';
import { channelOf, eventText, narrowedText } from './describe.ts';

/** One subscription: what it tells, how and where, and its actions (test, delete, re-activate). */
export function SubscriptionItem({ contactId, subscription: s, names }: { contactId: string; subscription: EventSubscription; names: ReadonlyMap<string, string> }) {
  const remove = useDeleteSubscription(contactId);
  const save = useSaveSubscription(contactId);
  const [testing, setTesting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const how = channelOf(s);
  const narrowed = narrowedText(s, names);
  const titleId = `subscription-${s.id}`;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await work();
      toast.success(done);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'That did not work. Try again.');
    }
  };
  const reactivate = () =>
    act(
      () =>
        save.mutateAsync({
          id: s.id,
          modCount: s.modCount,
          matchEventType: s.matchEventType,
          notifyVogType: s.notifyVogType,
          notifyEmails: s.notifyEmails,
          notifySmsPhone: s.notifySmsPhone,
          notifyRobocallPhone: s.notifyRobocallPhone,
          matchBillToIds: s.matchBillToIds,
          matchPassengerIds: s.matchPassengerIds,
          matchProviderIds: s.matchProviderIds,
          matchInHouse: s.matchInHouse,
          matchNotifiedProvider: s.matchNotifiedProvider,
          matchNotifiedDriver: s.matchNotifiedDriver,
          deleted: false,
        }),
      'Notice turned back on',
    );

  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-labelledby={titleId} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text fw={600} id={titleId}>
              {eventText(s)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {how.text}
            </Text>
            {narrowed && (
              <Text size="sm" c="dimmed">
                {narrowed}
              </Text>
            )}
          </div>
          <Badge color={s.deleted ? 'gray' : 'teal'} variant="light">
            {s.deleted ? 'Off' : 'On'}
          </Badge>
        </Group>
        <Group gap="xs">
          {s.deleted ? (
            <Button size="xs" variant="light" onClick={() => void reactivate()} loading={save.isPending} aria-describedby={titleId}>
              Turn back on
            </Button>
          ) : (
            <>
              <Button size="xs" variant="light" onClick={() => setTesting((t) => !t)} aria-expanded={testing} aria-describedby={titleId}>
                Send a test
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void act(() => remove.mutateAsync(s.id), 'Notice turned off')} loading={remove.isPending} aria-describedby={titleId}>
                Delete
              </Button>
            </>
          )}
        </Group>
        {testing && !s.deleted && <TestForm id={s.id} onSent={() => setTesting(false)} />}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** A test notice about one trip (by its reference number), through the subscription's channel. */
function TestForm({ id, onSent }: { id: string; onSent(): void }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reference.trim()) {
      setError('Enter the reference number of one of your trips');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await sendTest(id, reference.trim());
      toast.success(sent.channel === 'vog' ? 'Test notice sent to your portal inbox' : `Test notice sent to ${sent.to}`);
      onSent();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The test notice could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Send a test notice">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="Trip reference number"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          style={{ flex: '1 1 10rem' }}
          data-autofocus
        />
        <Button type="submit" loading={busy}>
          Send test
        </Button>
      </Group>
    </SubmitForm>
  );
}
