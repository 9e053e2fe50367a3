import { useState } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { login } from './api/login.ts';
import { loginFailureText } from './login-failure.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your user name'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  // spec 1 §5: an invalid form sends nothing; the password is cleared once it has been sent.
  const submit = form.onSubmit(async ({ username, password }) => {
    setFailure(null);
    setBusy(true);
    form.setFieldValue('password', '');
    try {
      const answer = await login(username.trim(), password);
      if ('entity' in answer) navigate('/login-mfa');
      else finishSignIn(answer);
    } catch (error) {
      setFailure(loginFailureText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
      <form onSubmit={submit} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <Title order={1} size="h3" id="login-title">
            Sign in
          </Title>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="User name"
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
        </Stack>
      </form>
    </Paper>
  );
}
