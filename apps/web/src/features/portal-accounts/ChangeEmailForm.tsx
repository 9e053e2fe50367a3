import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { PASSWORD_MSG } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { updateEmail } from './api.ts';
import { emailProblem } from './steps.ts';
import { useStepSubmit } from './submit-step.ts';

/**
 * The portal user's own email address (spec 2 §7): a link goes to the new address and the address
 * changes only when it is opened; the old address is told.
 */
export function ChangeEmailForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', currentPassword: '' },
    validate: {
      email: emailProblem,
      currentPassword: (v) => (v ? null : PASSWORD_MSG.CURRENT_REQUIRED),
    },
  });
  const { busy, submit } = useStepSubmit(form, 'email', async (v) => {
    setSentTo(null);
    await updateEmail({ email: v.email.trim(), currentPassword: v.currentPassword });
    form.reset();
    setSentTo(v.email.trim());
  });

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Change email address">
      <Stack gap="md">
        {sentTo && (
          <Alert color="teal" icon={<IconMailForward size={18} aria-hidden />} role="status" title="Check your new email" withCloseButton onClose={() => setSentTo(null)} closeButtonLabel="Close the message">
            We sent a link to {sentTo}. Your email address changes when you open it (within 24 hours). We also told your current address about
            the change.
          </Alert>
        )}
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Current password"
          description="To make sure it is you"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
          {...form.getInputProps('currentPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Send the link
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
