import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BUG_REPORT_MIN_CHARS, CLIENT_ERROR_LOG_SIZE, bugReportDescriptionError } from '@tripline/core';
import { useCurrentUser } from '../../lib/current-user.ts';
import { clearClientErrors, clientErrors } from '../../lib/error-log.ts';
import { sendBugReport } from './send-bug-report.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page the user was on: passed by the 'Report Bug' links, else where the browser came from. */
function reportedUrl(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string' && from) return from;
  return document.referrer || window.location.href;
}

export function BugReportPage() {
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const url = reportedUrl(location.state);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: user?.name ?? '', email: '', description: '' },
    validate: {
      email: (v) => (v.trim() && !EMAIL.test(v.trim()) ? 'Enter a valid email address' : null),
      description: (v) => bugReportDescriptionError(v),
    },
  });

  // The user may finish loading after the form is drawn; fill the name only if still empty.
  useEffect(() => {
    if (user && !form.getValues().name) form.setFieldValue('name', user.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const submit = form.onSubmit(async ({ name, email, description }) => {
    setBusy(true);
    try {
      await sendBugReport({
        name: name.trim() || undefined,
        email: email.trim() || undefined,
        description: description.trim(),
        url,
        exceptions: clientErrors().slice(-CLIENT_ERROR_LOG_SIZE),
      });
      clearClientErrors();
      setSent(true);
    } catch {
      // The API client has already told the user; the form keeps what they wrote.
    } finally {
      setBusy(false);
    }
  });

  const back = url.startsWith(window.location.origin) ? url.slice(window.location.origin.length) || '/' : '/';

  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          Report a bug
        </Title>
        {sent ? (
          <>
            <Alert color="teal" icon={<IconCheck size={18} />} title="Thank you" role="status">
              Your report has been sent. Our support team will look into it.
            </Alert>
            <Anchor component={Link} to={back === '/bug-report' ? '/' : back}>
              Go back
            </Anchor>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Tell us what you were doing, what you expected and what happened instead. Recent errors from this browser
                are sent with the report.
              </Text>
              <Group grow align="flex-start">
                <TextInput label="Your name" autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
              </Group>
              <Textarea
                label="Description"
                description={`At least ${BUG_REPORT_MIN_CHARS} characters.`}
                required
                withAsterisk={false}
                autosize
                minRows={5}
                maxRows={14}
                key={form.key('description')}
                {...form.getInputProps('description')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  Send report
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
