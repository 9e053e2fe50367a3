import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { CurrentUser } from '@tripline/core';
import { login } from '../auth/api/login.ts';
import { loginFailureText } from '../auth/login-failure.ts';
import type { Notice } from './use-account-wizard.ts';

interface Props {
  /** An address to start with (the wizard's `email` query parameter). */
  email: string;
  /** What happened just before, e.g. a confirmed email address or a link that no longer works. */
  notice: Notice | null;
  onSignedIn(user: CurrentUser): void;
  onMfaNeeded(): void;
  onCreateAccount(): void;
  onForgotPassword(): void;
}

/** existingAccount: email or user name and password (spec 1 §5: the password is cleared once sent). */
export function SignInStep({ email, notice, onSignedIn, onMfaNeeded, onCreateAccount, onForgotPassword }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: email, password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your email or user name'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setFailure(null);
    setBusy(true);
    form.setFieldValue('password', '');
    try {
      const answer = await login(username.trim(), password);
      if ('entity' in answer) onMfaNeeded();
      else onSignedIn(answer);
    } catch (error) {
      setFailure(loginFailureText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {notice && !failure && (
          <Alert color={notice.tone === 'ok' ? 'teal' : 'red'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Email or user name"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          withAsterisk={false}
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={busy} fullWidth>
          Sign in
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onCreateAccount} py={4}>
            Create an account
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword} py={4}>
            Forgot your password?
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
