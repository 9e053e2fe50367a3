import { useState } from 'react';
import { Alert, Button, Checkbox, CopyButton, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconKey } from '@tabler/icons-react';
import { confirm } from '../../lib/confirm.tsx';
import { resetPassword } from './api.ts';

type Outcome = { sentTo: string | null; temporaryPassword: string | null };

/**
 * 3 §7: a temporary password for another contact, to be changed at their next sign-in; sent to
 * them (email, else SMS), or shown here once when sendNotification is off.
 */
export function ResetPasswordPanel({ contactId, name }: { contactId: string; name: string }) {
  const [sendNotification, setSendNotification] = useState(true);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const reset = async () => {
    const ok = await confirm({
      title: 'Reset password',
      danger: true,
      message: `${name} gets a temporary password and is signed out everywhere. Continue?`,
      confirmLabel: 'Reset password',
    });
    if (!ok) return;
    setBusy(true);
    try {
      setOutcome(await resetPassword({ contactId, sendNotification }));
    } catch {
      // The API client said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Reset with a temporary password
        </Title>
        <Text size="sm" c="dimmed">
          They must choose a new password the next time they sign in.
        </Text>
        <Checkbox
          label="Send the temporary password to them (email, or SMS when they have no email)"
          checked={sendNotification}
          onChange={(e) => setSendNotification(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="light" color="orange" leftSection={<IconKey size={16} aria-hidden />} loading={busy} onClick={() => void reset()}>
            Reset password
          </Button>
        </Group>
        {outcome?.sentTo && (
          <Alert color="teal" icon={<IconCheck size={18} />} role="status" title="Temporary password sent">
            Sent to {outcome.sentTo}.
          </Alert>
        )}
        {outcome?.temporaryPassword && (
          <Alert color="yellow" role="status" title="Temporary password">
            <Stack gap="xs">
              <Text size="sm">Give it to {name} now: it is shown only once.</Text>
              <Group gap="xs">
                <Code fz="md" data-testid="temporary-password">
                  {outcome.temporaryPassword}
                </Code>
                <CopyButton value={outcome.temporaryPassword}>
                  {({ copied, copy }) => (
                    <Button size="compact-sm" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
