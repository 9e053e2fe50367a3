import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { PortalPassengerOption } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatUsDate } from '../../lib/date-input.ts';
import { dayInWords } from '../portal-trips/words.ts';
import { lookupPassenger, usePassengerOptions } from './api.ts';
import classes from './portal-request.module.css';

function PassengerButton({ p, onPick }: { p: PortalPassengerOption; onPick: (p: PortalPassengerOption) => void }) {
  const facts = [p.memberId && `Member ID ${p.memberId}`, p.dob && `Born ${formatUsDate(p.dob)}`, p.lastTripDate && `Last trip ${dayInWords(p.lastTripDate)}`].filter(Boolean);
  return (
    <UnstyledButton className={classes.choice} onClick={() => onPick(p)}>
      <Text fw={600} className={classes.wrap}>
        {p.name}
      </Text>
      <Text size="sm" c="dimmed" className={classes.wrap}>
        {facts.join(' · ')}
      </Text>
    </UnstyledButton>
  );
}

/** rule 69: a case manager (or staff) chooses whom the trip is for: a recent passenger, or one found by member ID or name and birth date. */
export function SelectPassengerStep({ onPick }: { onPick: (p: PortalPassengerOption) => void }) {
  const recent = usePassengerOptions(true);
  const [memberId, setMemberId] = useState('');
  const [fullName, setFullName] = useState('');
  const [dob, setDob] = useState<string | null>(null);
  const [found, setFound] = useState<PortalPassengerOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    const query = memberId.trim() ? { memberId: memberId.trim() } : { fullName: fullName.trim(), dob: dob ?? undefined };
    if (!query.memberId && !(query.fullName && query.dob)) {
      setError('Enter the member ID, or the full name and date of birth');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setFound(await lookupPassenger(query));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The search did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder component="form" onSubmit={(e) => void find(e)} aria-labelledby="find-member">
        <Stack gap="sm">
          <Title order={2} size="h4" id="find-member">
            Find a member
          </Title>
          <TextInput label="Member ID" value={memberId} onChange={(e) => setMemberId(e.currentTarget.value)} autoComplete="off" />
          <Text size="sm" c="dimmed">
            Or search by full name and date of birth
          </Text>
          <Group grow align="flex-start" className={classes.fields}>
            <TextInput label="Full name" value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} autoComplete="off" />
            <DayInput label="Date of birth" value={dob} onChange={(v) => setDob(v)} clearable />
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy}>
              Find
            </Button>
          </Group>
          {found && (
            <Stack gap="xs" aria-live="polite">
              {found.length === 0 ? (
                <Text>No member matches. Check the member ID, or the name and date of birth.</Text>
              ) : (
                found.map((p) => <PassengerButton key={p.id} p={p} onPick={onPick} />)
              )}
            </Stack>
          )}
        </Stack>
      </Card>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Recent passengers
        </Title>
        <QueryState query={recent} what="passengers" empty="No recent passengers. Find a member above.">
          {(rows) => (
            <Stack gap="xs">
              {rows.map((p) => (
                <PassengerButton key={p.id} p={p} onPick={onPick} />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
