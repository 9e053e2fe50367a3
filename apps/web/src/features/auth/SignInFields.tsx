import { useState } from 'react';
import { Alert, Button, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { CurrentUser } from '@tripline/core';
import { login } from './api/login.ts';
import { loginFailureText } from './login-failure.ts';

interface SignInOptions {
  /** What the name field asks for: the staff page takes a user name, the portal pages an email too. */
  nameLabel: string;
  initialName?: string;
  onSignedIn(user: CurrentUser): void;
  onMfaNeeded(): void;
}

/**
 * The sign-in form of every login page (spec 1 §5): an invalid form sends nothing; the password is
 * cleared once it has been sent; a failure is shown as the server words it.
 */
export function useSignInForm({ nameLabel, initialName = '', onSignedIn, onMfaNeeded }: SignInOptions) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: initialName, password: '' },
    validate: {
      username: (v) => (v.trim() ? null : `Enter your ${nameLabel.toLowerCase()}`),
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

  return { form, submit, failure, busy, nameLabel };
}

/** The failure, the two fields and the button of a sign-in form made by useSignInForm. */
export function SignInFields({ signIn }: { signIn: ReturnType<typeof useSignInForm> }) {
  const { form, failure, busy, nameLabel } = signIn;
  return (
    <>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      <TextInput
        label={nameLabel}
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
        // The default name mentions "password", which would make the field's label ambiguous.
        visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <Button type="submit" loading={busy} fullWidth>
        Sign in
      </Button>
    </>
  );
}
