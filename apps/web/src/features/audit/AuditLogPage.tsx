import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { localToday } from '../../lib/date-input.ts';
import { useLogSearch } from './api.ts';
import { AuditEntryList } from './AuditEntryList.tsx';
import { AuditSearchForm } from './AuditSearchForm.tsx';
import { checkFilters, filtersFromParams, hasFilters, paramsFromFilters, type LogFilters } from './log-params.ts';

/**
 * /log (spec 2 §2): the audit log by record (table, id), by user or by activity type, within dates.
 * The search lives in the address, so other screens link to it (/log?table=drive_assignments&id=…).
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const asked = hasFilters(filters);
  const check = asked ? checkFilters(filters, localToday()) : null;
  const search = useLogSearch(check?.ok ? filters : null);
  const entries = search.data?.pages.flatMap((p) => p.entries);
  // A search the server refused (400) is a problem of the search, not of the connection.
  const refused = search.error instanceof ApiError && search.error.status === 400 ? search.error.message : null;

  const onSearch = (next: LogFilters) => {
    const nextParams = paramsFromFilters(next);
    // The same search again means "look again": the kept answer may be up to 30 seconds old.
    if (nextParams.toString() === paramsFromFilters(filters).toString() && check?.ok) void search.refetch();
    else setParams(nextParams);
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h3">
        Audit log
      </Title>
      <AuditSearchForm
        // A new address (a link, back or forward) starts the form again from it.
        key={params.toString()}
        initial={filters}
        initialErrors={check && !check.ok ? check.errors : {}}
        onSearch={onSearch}
        searching={search.isFetching && !search.isFetchingNextPage}
      />
      {!asked ? (
        <Center py="xl">
          <Stack gap={6} align="center">
            <IconHistory size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed" ta="center">
              Search by record, by user or by activity type to see who changed what, and when.
            </Text>
          </Stack>
        </Center>
      ) : check && !check.ok ? null : refused ? (
        <Alert color="yellow" title="The search was refused">
          {refused}
        </Alert>
      ) : (
        <Stack gap="sm">
          {entries && entries.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {entries.length === 1 ? '1 entry' : `${entries.length} entries`}, newest first
              {search.hasNextPage ? ' (older entries can be loaded)' : ''}
            </Text>
          )}
          <AuditEntryList
            entries={entries}
            loading={search.isPending}
            error={search.isError && !search.isFetchNextPageError ? search.error : null}
            onRetry={() => void search.refetch()}
          />
          {search.isFetchNextPageError && (
            <Alert color="red" title="Older entries could not be loaded">
              <Button size="xs" variant="light" color="red" onClick={() => void search.fetchNextPage()}>
                Try again
              </Button>
            </Alert>
          )}
          {search.hasNextPage && !search.isFetchNextPageError && (
            <Group justify="center">
              <Button variant="default" loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
                Load older
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
