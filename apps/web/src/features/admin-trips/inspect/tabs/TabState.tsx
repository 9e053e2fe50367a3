import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { ApiError } from '../../../../lib/api.ts';

/** Loading, failure and empty states shared by the inspect tabs; renders `children` otherwise. */
export function TabState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Could not load this tab">
        <Text size="sm" mb={onRetry ? 'xs' : 0}>
          {error instanceof ApiError ? error.message : 'The server could not be reached.'}
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}
