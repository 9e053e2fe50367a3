import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { isStaff, parseSearchDate, type SearchBatchSize, type TripListRow, type TripSearchParam } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { NewTripButton } from '../reservations/NewTripButton.tsx';
import { CsvExportModal } from './CsvExportModal.tsx';
import { CustomQueryPanel } from './filter/CustomQueryPanel.tsx';
import { TripInspectModal } from './inspect/TripInspectModal.tsx';
import { Empty, ResultsPanel } from './ResultsPanel.tsx';
import { showOutsideByDefault, type Sort } from './results.ts';
import { SearchForm } from './SearchForm.tsx';
import { useLiveSearch } from './use-live-search.ts';
import {
  EMPTY_FIELDS,
  apiQuery,
  checkSearch,
  hasSearch,
  normaliseFields,
  readUrl,
  tabOf,
  writeUrl,
  type FieldErrors,
  type SearchFields,
  type TripsTab,
  type TripsUrlState,
} from './search-params.ts';

/** What the server refused, at its fields (details), else for the whole search. */
function refusalErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors: FieldErrors = {};
  for (const d of error.details) {
    const key = (d.path.split('.')[0] || 'form') as keyof FieldErrors;
    errors[key] ??= d.message;
  }
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}

/**
 * /admin/trips (spec 2 §2, §5, §6, §8, §9; spec 3 §3, §5): the staff trip search. The whole search
 * lives in the address (criteria, limit, filter, showTab, sort, inspect), so it can be bookmarked,
 * reloaded and linked from other screens; the address drives the query. Every change of the
 * address is written from the whole state, so none of it (the order above all) is lost on the way.
 */
export function AdminTripsPage() {
  const [params, setParams] = useSearchParams();
  const state = readUrl(params);
  const today = localToday();
  const user = useCurrentUser().data;
  // spec 2 §6: PaceStaff case managers see trips read-only: no bulk actions, no CSV, no saved queries.
  const readOnly = !user || !isStaff(user);
  const asked = hasSearch(state);
  const problems = asked ? checkSearch(state, today) : {};
  const valid = asked && Object.keys(problems).length === 0;
  // Keyed by its text, so the same search is the same query however the address was written.
  const queryKey = valid ? JSON.stringify(apiQuery(state)) : '';
  const query = useMemo(() => (queryKey ? (JSON.parse(queryKey) as Record<string, string>) : null), [queryKey]);
  const tab = tabOf(state);

  // Selection and the outside partners switch belong to one search: a new search starts them again.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: '', ids: new Set() });
  const selected = selection.key === queryKey ? selection.ids : new Set<string>();
  const [outside, setOutside] = useState<{ key: string; show: boolean } | null>(null);
  const showOutside = outside?.key === queryKey ? outside.show : showOutsideByDefault(state.fields);
  const found = useLiveSearch(query, { sort: state.sort, hideOutside: !showOutside });
  const refused = found.error ? refusalErrors(found.error) : null;
  const searching = query !== null && ((!found.fetched && !found.error) || found.pending);
  const [csvOpen, setCsvOpen] = useState(false);

  // The custom query editor keeps its work while it runs its own query; a link or Back starts it again.
  const [ranText, setRanText] = useState<string | null>(null);
  const [panel, setPanel] = useState({ n: 0, text: state.filter });
  if (panel.text !== state.filter) setPanel({ n: state.filter === ranText ? panel.n : panel.n + 1, text: state.filter });

  const go = (next: TripsUrlState, replace = false) => {
    const nextParams = writeUrl(next);
    // The same search again means "look again".
    if (nextParams.toString() === params.toString()) void found.refresh();
    else setParams(nextParams, { replace });
  };

  // A new search keeps the batch size and the table's order the dispatcher chose.
  const onSearch = (typed: SearchFields): FieldErrors => {
    const fields = { ...normaliseFields(typed, today), showTab: '' };
    const next: TripsUrlState = { fields, limit: state.limit, filter: null, sort: state.sort, inspect: null };
    const errors = checkSearch(next, today);
    if (Object.keys(errors).length > 0) return errors;
    go(next);
    return {};
  };

  const onRunCustom = (text: string) => {
    setRanText(text);
    go({ fields: { ...EMPTY_FIELDS, showTab: 'custom' }, limit: state.limit, filter: text, sort: state.sort, inspect: null });
  };

  const setTab = (next: TripsTab) => {
    if (next === tab) return;
    setParams(writeUrl({ ...state, fields: { ...state.fields, showTab: next === 'search' && !state.filter ? '' : next } }), { replace: true });
  };
  const setInspect = (id: string | null) => setParams(writeUrl({ ...state, inspect: id }), { replace: true });
  const setLimit = (limit: SearchBatchSize) => go({ ...state, limit, inspect: null });
  const setSort = (sort: Sort | null) => setParams(writeUrl({ ...state, sort }), { replace: true });

  // The names of the contacts chosen by id, from the rows at hand (a list row has no billing contact).
  const { slots } = found;
  const names = useMemo(() => {
    const known: Partial<Record<TripSearchParam, string>> = {};
    const f = state.fields;
    const rows = slots.filter((t): t is TripListRow => t !== undefined);
    if (rows.length === 0) return known;
    if (f.affiliateId) known.affiliateId = rows.find((t) => t.farmoutName)?.farmoutName ?? undefined;
    if (f.driverId) known.driverId = rows.find((t) => t.driverId === f.driverId)?.driverName ?? undefined;
    if (f.passengerId) known.passengerId = rows.flatMap((t) => t.tripLegs).find((l) => l.passengerId === f.passengerId)?.passenger?.name;
    return known;
  }, [slots, state.fields]);

  const formErrors: FieldErrors = { ...problems, ...(tab === 'search' ? refused : null) };
  const filterError = problems.filter ?? (state.filter ? (refused?.filter ?? refused?.form ?? null) : null);
  // The form starts again for a new search, not when the table is sorted or a trip is opened (typing is kept).
  const formKey = `${writeUrl({ ...state, inspect: null, sort: null, fields: { ...state.fields, showTab: '' } })}|${refused ? JSON.stringify(refused) : ''}`;
  const csvFrom = parseSearchDate(state.fields.serviceDate, today) ?? today;
  const csvTo = parseSearchDate(state.fields.serviceDateMax, today) ?? csvFrom;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Trip search
        </Title>
        {!readOnly && <NewTripButton serviceDate={parseSearchDate(state.fields.serviceDate, today)} passengerId={state.fields.passengerId || null} />}
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Tabs value={tab} onChange={(v) => v && setTab(v as TripsTab)}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="search" leftSection={<IconSearch size={14} aria-hidden />}>
              Search
            </Tabs.Tab>
            <Tabs.Tab value="custom" leftSection={<IconFilter size={14} aria-hidden />}>
              Custom query
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="search">
            <SearchForm
              key={formKey}
              initial={state.fields}
              initialErrors={formErrors}
              names={names}
              searching={searching && !state.filter}
              onSearch={onSearch}
              onClear={() => setParams(new URLSearchParams(), { replace: false })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="custom">
            <CustomQueryPanel
              key={panel.n}
              initialText={state.filter}
              canSave={!readOnly}
              running={searching && !!state.filter}
              serverError={filterError}
              onRun={onRunCustom}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      {!asked ? (
        <Empty>
          <Text c="dimmed" size="sm">
            Search by service date, passenger, reference number, member or driver, or run a custom query.
          </Text>
        </Empty>
      ) : !valid ? null : refused ? (
        <Alert color="yellow" title="The search was refused" role="alert">
          {refused.form ?? Object.values(refused)[0]}
        </Alert>
      ) : !found.fetched && !found.error ? (
        <Center py={48}>
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed" size="sm">
              Searching trips…
            </Text>
          </Stack>
        </Center>
      ) : found.error && !found.fetched ? (
        <Alert color="red" title="The trips could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{found.error instanceof Error ? found.error.message : String(found.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void found.refresh()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ResultsPanel
          found={found}
          readOnly={readOnly}
          limit={state.limit}
          onLimit={setLimit}
          sort={state.sort}
          onSort={setSort}
          showOutside={showOutside}
          onShowOutside={(show) => setOutside({ key: queryKey, show })}
          selected={selected}
          onSelected={(ids) => setSelection({ key: queryKey, ids })}
          inspect={state.inspect}
          onInspect={setInspect}
          resetKey={`${queryKey}|${JSON.stringify(state.sort)}|${showOutside}`}
          onCsv={() => setCsvOpen(true)}
        />
      )}

      {!asked && state.inspect && (
        <TripInspectModal tripIds={[state.inspect]} index={0} onIndexChange={() => {}} onClose={() => setInspect(null)} />
      )}
      {csvOpen && query && (
        <CsvExportModal
          opened
          onClose={() => setCsvOpen(false)}
          dateFrom={csvFrom}
          dateTo={csvTo}
          search={Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'limit' && k !== 'serviceDate' && k !== 'serviceDateMax'))}
        />
      )}
    </Stack>
  );
}
