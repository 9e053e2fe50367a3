import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CurrentUser } from '@tripline/core';

/** Always visible while staff act as another contact, so nobody forgets whose account this is. */
export function ImpersonationBanner({ user, by }: { user: CurrentUser; by: { name: string } }) {
  return (
    <Alert color="orange" variant="filled" radius={0} py={8} icon={<IconUserShield size={18} />} role="status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          Impersonating {user.name} (you are {by.name}) — sign out to end.
        </Text>
        <Button component={Link} to="/logout" size="compact-sm" variant="white" color="orange">
          Sign out
        </Button>
      </Group>
    </Alert>
  );
}
