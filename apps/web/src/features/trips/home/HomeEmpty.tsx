import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { TRIP_MSG } from '@tripline/core';
import { formatUsDate } from '../../../lib/date-input.ts';

/** spec 1 §2: the list's empty states, in its words. */
export function HomeEmpty({
  date,
  loaded,
  total,
  search,
  error,
  onRetry,
}: {
  date: string | null;
  loaded: boolean;
  total: number;
  search: string;
  error: unknown;
  onRetry(): void;
}) {
  if (!date) return <Message>{TRIP_MSG.CHOOSE_DATE}</Message>;
  if (!loaded && error) {
    return (
      <Alert color="red" title="The trips could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : 'Could not communicate with server'}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Message>
        <Stack align="center" gap="xs">
          <Loader size="sm" aria-hidden />
          {TRIP_MSG.LOADING}
        </Stack>
      </Message>
    );
  }
  if (total === 0) return <Message>{TRIP_MSG.NO_RECORDS(formatUsDate(date))}</Message>;
  return <Message>No trips match “{search}”.</Message>;
}

function Message({ children }: { children: ReactNode }) {
  return (
    <Center py="xl" style={{ flex: 1, border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Text c="dimmed" role="status" component="div">
        {children}
      </Text>
    </Center>
  );
}
