import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DISPATCH_HOTLINE, MSG, PASSENGER_PHONE, SUPPORT_MESSAGE_MAX, supportMessageProblems } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { showServerProblems } from '../passwords/server-problems.ts';
import { sendSupportMessage } from './send-support-message.ts';

type Fields = { name: string; email: string; phone: string; message: string };

const telOf = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

function PhoneLine({ label, phone }: { label: string; phone: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconPhone size={18} aria-hidden />
      <Text size="sm">
        {label}:{' '}
        <Anchor href={telOf(phone)} fw={600}>
          {phone}
        </Anchor>
      </Text>
    </Group>
  );
}

/**
 * /contact (spec 1 §2, §7, §9): the hotline and passenger numbers, and a message to support; open
 * without signing in, when the sender also gives a name and an email address or phone number.
 */
export function ContactSupportPage({ route }: ScreenProps) {
  const user = useCurrentUser().data ?? null;
  const signedIn = user !== null;
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [unexpected, setUnexpected] = useState(false);
  const form = useForm<Fields>({
    initialValues: { name: '', email: '', phone: '', message: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const p of supportMessageProblems(values, signedIn)) errors[p.field] ??= p.message;
      return errors;
    },
  });

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const v = form.getValues();
    setBusy(true);
    setUnexpected(false);
    try {
      const ok = await sendSupportMessage({
        message: v.message.trim(),
        ...(signedIn ? {} : { name: v.name.trim(), email: v.email.trim() || undefined, phone: v.phone.trim() || undefined }),
        url: document.referrer || undefined,
      });
      if (ok) {
        form.reset();
        setSent(true);
      } else setUnexpected(true);
    } catch (e) {
      showServerProblems(form, e, 'message');
    } finally {
      setBusy(false);
    }
  };

  const length = form.values.message.trim().length;

  return (
    <Paper withBorder p="xl" radius="md" maw={680} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          {route.title ?? 'Contact support'}
        </Title>
        <Stack gap={6} component="section" aria-label="Phone numbers">
          <Text size="sm" c="dimmed">
            For anything about a trip today, call us:
          </Text>
          <PhoneLine label="Dispatch hotline" phone={DISPATCH_HOTLINE} />
          <PhoneLine label="Passengers" phone={PASSENGER_PHONE} />
        </Stack>
        {sent ? (
          <Stack gap="sm" align="flex-start">
            <Alert color="teal" icon={<IconCheck size={18} />} title="Message sent" role="status" w="100%">
              Thank you. Our support team will answer you as soon as they can.
            </Alert>
            <Button variant="default" onClick={() => setSent(false)}>
              Send another message
            </Button>
          </Stack>
        ) : (
          <SubmitForm onSubmit={submit} noValidate aria-label="Message to support">
            <Stack gap="md">
              {unexpected && (
                <Alert color="red" role="alert" withCloseButton onClose={() => setUnexpected(false)}>
                  {MSG.UNEXPECTED_RESPONSE}
                </Alert>
              )}
              {signedIn ? (
                <Text size="sm">
                  Writing as <b>{user.name}</b>; support answers through the email and phone on your account.
                </Text>
              ) : (
                <>
                  <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
                    <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                  </SimpleGrid>
                  <Text size="xs" c="dimmed" mt={-8}>
                    Give an email address or a phone number so that we can answer you.
                  </Text>
                </>
              )}
              <Textarea
                label="Message"
                required
                autosize
                minRows={5}
                maxRows={14}
                description={`${length.toLocaleString('en-US')} / ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`}
                {...form.getInputProps('message')}
              />
              <Group justify="space-between">
                <Anchor component={Link} to="/bug-report" size="sm">
                  Report a bug instead
                </Anchor>
                <Button type="submit" loading={busy}>
                  Send message
                </Button>
              </Group>
            </Stack>
          </SubmitForm>
        )}
      </Stack>
    </Paper>
  );
}
