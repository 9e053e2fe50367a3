import { useEffect } from 'react';
import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { recordClientError } from '../lib/error-log.ts';

/** Shown when a screen fails to render; the failure goes into the log a bug report sends. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);

  useEffect(() => {
    const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
    recordClientError({ message: `${message}${stack}`, url: window.location.href });
  }, [error, message]);

  return (
    <Stack maw={640} mx="auto" my="xl" p="md">
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This page could not be shown" role="alert">
        {message}
      </Alert>
      <Group gap="lg">
        <Anchor href="/">Go to the start page</Anchor>
        <Anchor component={Link} to="/bug-report" state={{ from: window.location.href }}>
          Report Bug
        </Anchor>
      </Group>
    </Stack>
  );
}
