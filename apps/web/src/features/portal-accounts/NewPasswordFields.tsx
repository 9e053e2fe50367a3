import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { newPasswordProblem, passwordPairProblem } from '@tripline/core';
import { PasswordChecklist } from '../passwords/PasswordChecklist.tsx';

export interface NewPasswordValues {
  newPassword: string;
  newPasswordVerify: string;
}

/** DECISIONS 3, checked in the browser as the server checks it. */
export const newPasswordRules = {
  newPassword: (v: string) => newPasswordProblem(v),
  newPasswordVerify: (v: string, values: NewPasswordValues) =>
    newPasswordProblem(values.newPassword) ? null : passwordPairProblem(values.newPassword, v),
};

/** A new password with its live checklist, then the same typed again. */
export function NewPasswordFields<T extends NewPasswordValues>({ form, autoFocus }: { form: UseFormReturnType<T>; autoFocus?: boolean }) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        autoFocus={autoFocus}
        visibilityToggleButtonProps={{ 'aria-label': 'Show the new password' }}
        {...form.getInputProps('newPassword')}
      />
      <PasswordChecklist password={form.values.newPassword} />
      <PasswordInput
        label="Type the new password again"
        autoComplete="new-password"
        required
        withAsterisk={false}
        visibilityToggleButtonProps={{ 'aria-label': 'Show the password typed again' }}
        {...form.getInputProps('newPasswordVerify')}
      />
    </Stack>
  );
}
