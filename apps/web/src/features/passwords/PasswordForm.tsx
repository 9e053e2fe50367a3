import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconWand } from '@tabler/icons-react';
import { PASSWORD_MSG, newPasswordProblem, passwordPairProblem } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { toast } from '../../lib/toast.tsx';
import { editPassword, generatePassword } from './api.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { showServerProblems } from './server-problems.ts';

type Fields = { currentPassword: string; newPassword: string; newPasswordVerify: string };

/**
 * The password change form (spec 2 §3, §5; DECISIONS 3): the current password when it is asked
 * for, the new one with its live checklist and a "Generate" button, and the verify field.
 */
export function PasswordForm({
  contactId,
  own,
  currentRequired,
  onChanged,
  save = editPassword,
}: {
  contactId?: string;
  own: boolean;
  currentRequired: boolean;
  onChanged?: () => void;
  /** Where the change is sent: password-edit, or the portal's own case-manager-update-password. */
  save?: (body: { contactId?: string; currentPassword?: string; newPassword: string; newPasswordVerify: string }) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [shown, setShown] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm<Fields>({
    initialValues: { currentPassword: '', newPassword: '', newPasswordVerify: '' },
    validate: {
      currentPassword: (v) => (currentRequired && !v ? PASSWORD_MSG.CURRENT_REQUIRED : null),
      newPassword: (v) => newPasswordProblem(v),
      newPasswordVerify: (v, values) => (newPasswordProblem(values.newPassword) ? null : passwordPairProblem(values.newPassword, v)),
    },
  });

  const generate = async () => {
    setGenerating(true);
    try {
      const { password } = await generatePassword();
      form.setValues({ newPassword: password, newPasswordVerify: password });
      form.clearFieldError('newPassword');
      form.clearFieldError('newPasswordVerify');
      // a generated password is no use unless the user can read it to note it down
      setShown(true);
    } catch {
      // The API client said why.
    } finally {
      setGenerating(false);
    }
  };

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const v = form.getValues();
    setBusy(true);
    setDone(false);
    try {
      await save({
        contactId,
        currentPassword: currentRequired ? v.currentPassword : undefined,
        newPassword: v.newPassword,
        newPasswordVerify: v.newPasswordVerify,
      });
      form.reset();
      setShown(false);
      setDone(true);
      onChanged?.();
      toast.success('Password changed', { duration: 'medium' });
    } catch (e) {
      showServerProblems(form, e, 'newPassword');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="md">
        {done && (
          <Alert color="teal" icon={<IconCheck size={18} />} title="Password changed" role="status" withCloseButton onClose={() => setDone(false)}>
            {own ? 'Your other sessions were signed out.' : 'Their sessions were signed out; they sign in with the new password.'}
          </Alert>
        )}
        {currentRequired && (
          <PasswordInput
            label={own ? 'Current password' : 'Their current password'}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            flex={1}
            visible={shown}
            onVisibilityChange={setShown}
            {...form.getInputProps('newPassword')}
          />
          <Button
            variant="default"
            leftSection={<IconWand size={16} aria-hidden />}
            loading={generating}
            onClick={() => void generate()}
            // keeps the button level with the field while the field shows an error below it
            mb={form.errors.newPassword ? 22 : 0}
          >
            Generate
          </Button>
        </Group>
        <PasswordChecklist password={form.values.newPassword} />
        <PasswordInput
          label="Verify new password"
          autoComplete="new-password"
          required
          visible={shown}
          onVisibilityChange={setShown}
          {...form.getInputProps('newPasswordVerify')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
