import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { emailProblem } from './steps.ts';
import { useStepSubmit } from './submit-step.ts';

interface Props {
  email: string;
  /** Why the page is here, e.g. the expired-link text (rule 187). */
  problem: string | null;
  /** Sends the reset link; answers the server's message, the same whether or not the address is known. */
  onSend(email: string): Promise<string>;
  onBack(): void;
}

/** sendReminderEmail: asks for a password reset link. */
export function ReminderStep({ email, problem, onSend, onBack }: Props) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email },
    validate: { email: emailProblem },
  });
  const { busy, submit } = useStepSubmit(form, 'email', async (v) => setSent(await onSend(v.email.trim())));

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        {problem && !sent && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {sent ? (
          <Alert color="teal" icon={<IconMailForward size={18} aria-hidden />} role="status" title="Check your email">
            {sent}
          </Alert>
        ) : (
          <>
            <TextInput
              label="Email address"
              description="We will email you a link to choose a new password. It works once, for 60 minutes."
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              withAsterisk={false}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send the link
            </Button>
          </>
        )}
        {sent && (
          <Button variant="default" onClick={() => setSent(null)}>
            Send another link
          </Button>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onBack} py={4} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </SubmitForm>
  );
}
