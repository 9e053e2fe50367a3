import { useEffect } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { MSG, afterSignIn } from '@tripline/core';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { clearSavedRoute, savedRoute } from '../../lib/saved-route.ts';
import { currentUserQueryOptions } from '../../lib/current-user.ts';
import { NoSiteAccess } from './NoSiteAccess.tsx';

/** Finds out who is signed in, then goes to the saved route or the default page (spec 2 §2). */
export function InitUserPage() {
  // A user looked up a moment ago (by the route guard or the sign-in form) is not asked for again.
  const query = useQuery({ ...currentUserQueryOptions(), staleTime: 2_000 });
  const user = query.data;
  const target = user ? afterSignIn(savedRoute(), user) : null;

  useEffect(() => {
    if (user) clearSavedRoute();
  }, [user]);

  if (query.isFetching && !query.isError) return <FullPageLoader label="Signing in…" />;
  if (query.isError) {
    return (
      <Stack maw={560} mx="auto" my="xl" p="md">
        <Alert color="red" icon={<IconPlugConnectedX size={18} />} role="alert" title="Cannot reach Tripline">
          {MSG.SERVER_NOT_RESPONDING_INIT}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  // Signed out: the saved route stays for after sign-in.
  if (!user) return <Navigate to="/login" replace />;
  if (!target) return <NoSiteAccess />;
  return <Navigate to={target} replace />;
}
