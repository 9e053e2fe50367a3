import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** accountCreationComplete: the new account is signed in and can go to its trips. */
export function CompleteStep({ name, onContinue }: { name: string | null; onContinue(): void }) {
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {name ? `Welcome, ${name}. ` : ''}You are signed in. From now on, sign in with your email address and the password you chose.
      </Alert>
      <Button onClick={onContinue} fullWidth autoFocus>
        Go to my trips
      </Button>
    </Stack>
  );
}
