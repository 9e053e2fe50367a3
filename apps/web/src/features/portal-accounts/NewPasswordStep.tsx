import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ExpiryNotice } from './ExpiryNotice.tsx';
import { useExpiry } from './expiry.ts';
import { NewPasswordFields, newPasswordRules, type NewPasswordValues } from './NewPasswordFields.tsx';
import { useStepSubmit } from './submit-step.ts';

/** enterNewPassword: reached from a reset link that still works; saving signs out every other session. */
export function NewPasswordStep({
  expiresAt,
  onSave,
  onNewLink,
}: {
  expiresAt: number;
  onSave(values: NewPasswordValues): Promise<unknown>;
  onNewLink(): void;
}) {
  const form = useForm<NewPasswordValues>({
    initialValues: { newPassword: '', newPasswordVerify: '' },
    validate: newPasswordRules,
  });
  const expiry = useExpiry(expiresAt, 'This link');
  const { busy, submit } = useStepSubmit(form, 'newPassword', onSave);
  const newLink = (
    <Anchor component="button" type="button" inherit fw={600} underline="always" onClick={onNewLink}>
      Get a new link
    </Anchor>
  );

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <ExpiryNotice state={expiry} expiredText="This link has expired." action={newLink} />
        <NewPasswordFields form={form} autoFocus />
        <Button type="submit" loading={busy} fullWidth disabled={expiry.kind === 'expired'}>
          Save the new password
        </Button>
      </Stack>
    </SubmitForm>
  );
}
