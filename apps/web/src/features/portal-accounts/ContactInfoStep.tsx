import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { NewPasswordFields, newPasswordRules, type NewPasswordValues } from './NewPasswordFields.tsx';
import { useStepSubmit } from './submit-step.ts';

/** contactInfo: the password for the new account; continuing emails the address given before. */
export function ContactInfoStep({ email, onNext, onBack }: { email: string; onNext(values: NewPasswordValues): Promise<unknown>; onBack(): void }) {
  const form = useForm<NewPasswordValues>({
    initialValues: { newPassword: '', newPasswordVerify: '' },
    validate: newPasswordRules,
  });
  const { busy, submit } = useStepSubmit(form, 'newPassword', onNext);

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Choose a password">
      <Stack gap="md">
        <NewPasswordFields form={form} autoFocus />
        <Text size="sm">
          When you continue, we send an email to <strong>{email}</strong>.
        </Text>
        <Button type="submit" loading={busy} fullWidth>
          Continue
        </Button>
        <Button variant="subtle" onClick={onBack}>
          Back
        </Button>
      </Stack>
    </SubmitForm>
  );
}
