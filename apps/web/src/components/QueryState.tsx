import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';

/** Loading, failed and empty states of a list, or the list itself. */
export function QueryState<T extends readonly unknown[]>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for the spinner's label and the error's title: 'support messages'. */
  what: string;
  empty: string;
  children: (rows: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : null;
    return (
      <Alert color="red" title={`The ${what} could not be loaded`}>
        {message && (
          <Text size="sm" mb="xs">
            {message}
          </Text>
        )}
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(query.data)}</>;
}
