import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@tripline/core';

/** A signed-in account with no page of the site (spec 1 §2). */
export function NoSiteAccess() {
  return (
    <Stack maw={560} mx="auto" my="xl" p="md">
      <Alert color="red" icon={<IconLock size={18} />} title="No access" role="alert">
        {MSG.NO_SITE_ACCESS}
      </Alert>
      <Group justify="flex-end">
        <Button component={Link} to="/logout" variant="default">
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
