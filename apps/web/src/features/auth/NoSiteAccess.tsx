import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@tripline/core';

/** A signed-in account with no page of the site (spec 1 §2). */
export function NoSiteAccess() {
  return (
    <Stack maw={560} mx="auto" my="xl" p="md">
      {/* The alert's title is the page's heading: the page has nothing else to name it. */}
      <Alert
        color="red"
        icon={<IconLock size={18} />}
        title={
          <Title order={1} fz="inherit" fw="inherit" lh="inherit">
            No access
          </Title>
        }
        role="alert"
      >
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
