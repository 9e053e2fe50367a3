import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SignInFields, useSignInForm } from './SignInFields.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const signIn = useSignInForm({ nameLabel: 'User name', onSignedIn: finishSignIn, onMfaNeeded: () => navigate('/login-mfa') });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
      <form onSubmit={signIn.submit} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <Title order={1} size="h3" id="login-title">
            Sign in
          </Title>
          <SignInFields signIn={signIn} />
        </Stack>
      </form>
    </Paper>
  );
}
