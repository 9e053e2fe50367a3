import { Alert, Anchor, Group, Stack } from '@mantine/core';
import type { CurrentUser } from '@tripline/core';
import { SignInFields, useSignInForm } from '../auth/SignInFields.tsx';
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
  const signIn = useSignInForm({ nameLabel: 'Email or user name', initialName: email, onSignedIn, onMfaNeeded });

  return (
    <form onSubmit={signIn.submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {notice && !signIn.failure && (
          <Alert color={notice.tone === 'ok' ? 'teal' : 'red'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </Alert>
        )}
        <SignInFields signIn={signIn} />
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
