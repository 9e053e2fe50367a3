import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { TRIP_MSG, contract, isStaff, type NonFinalTrip } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { confirm } from '../../lib/confirm.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { plural } from '../trips/home/trip-format.ts';
import { acceptRates, csvHref, useNonFinalReport } from './api.ts';
import { NonFinalTable } from './NonFinalTable.tsx';
import { nonFinalParamsFrom, nonFinalProblem, searchOf } from './report-params.ts';
import { DownloadCsvButton, ReportError, ReportSkeleton } from './ReportStates.tsx';
import { PartnerFilter } from '../../lib/partners.tsx';

/**
 * /reporting/partner-non-final-trips (spec 3 §2): the trips of a date range (at most
 * 366 days) whose pay is not Final, each with what holds it or 'Ready for rate accept'; the ready
 * ones are finalised here with rate accept, as Home does, and the list downloads as
 * non-finalized-trips.csv.
 */
export function NonFinalTripsPage({ route }: ScreenProps) {
  const { data: me } = useCurrentUser();
  const staff = me ? isStaff(me) : false;
  const today = localToday();
  const [search, setSearch] = useSearchParams();
  const params = nonFinalParamsFrom(search, today);
  const problem = nonFinalProblem(params);
  const query = !problem && me ? { dateFrom: params.dateFrom as string, dateTo: params.dateTo as string, affiliateId: staff ? params.affiliateId : null } : null;
  const report = useNonFinalReport(query);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [accepting, setAccepting] = useState(false);
  const set = (next: Partial<typeof params>) => {
    setChosen(new Set());
    setSearch(searchOf({ ...params, ...next }));
  };
  const choose = (ids: readonly string[], on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const trips = report.data?.trips ?? [];
  const picked = trips.filter((t) => t.ready && chosen.has(t.id));

  async function accept(list: readonly NonFinalTrip[]) {
    const yes = await confirm({
      title: 'Accept rates',
      message: `Accept the rates of ${plural(list.length, 'trip')}? Their pay status becomes Final and they can no longer be changed.`,
      confirmLabel: `Accept ${plural(list.length, 'rate')}`,
    });
    if (!yes) return;
    setAccepting(true);
    try {
      const result = await acceptRates(list);
      if (result.accepted.length) toast.success(`Finalized ${plural(result.accepted.length, 'trip')}.`);
      if (result.failed.length) {
        toast.error(
          <List size="xs">
            {result.failed.slice(0, 5).map((f) => (
              <List.Item key={f.id}>{`${f.referenceNumber ?? f.id}: ${f.message}`}</List.Item>
            ))}
          </List>,
          { title: TRIP_MSG.RATE_ACCEPT_ERROR },
        );
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error), { title: TRIP_MSG.RATE_ACCEPT_ERROR });
    } finally {
      setAccepting(false);
      setChosen(new Set());
      void report.refetch();
    }
  }

  if (!me) return null;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h3">
          {route.title ?? 'Non-final trips report'}
        </Title>
        <Text size="sm" c="dimmed">
          Trips whose pay is not Final yet, and what each one waits for{staff ? '' : ` (${me.partnerName ?? 'your company'})`}.{' '}
          <Anchor component={Link} to="/reporting/partner-pay" size="sm" inherit underline="always">
            Pay by week
          </Anchor>
        </Text>
      </div>
      <Group gap="sm" align="flex-end" role="search" aria-label="Report dates">
        <DayInput label="From" required w={150} value={params.dateFrom} onChange={(d) => set({ dateFrom: d })} />
        <DayInput label="To" required w={150} value={params.dateTo} onChange={(d) => set({ dateTo: d })} error={!!problem} />
        {staff && (
          <PartnerFilter w={260} value={params.affiliateId} onChange={(id) => set({ affiliateId: id })} />
        )}
        <Button
          leftSection={<IconCircleCheck size={16} />}
          disabled={picked.length === 0}
          loading={accepting}
          onClick={() => void accept(picked)}
        >
          {picked.length ? `Accept rates (${picked.length})` : 'Accept rates'}
        </Button>
        <DownloadCsvButton href={query ? csvHref(contract.nonFinalTripsReport, query) : null} />
      </Group>
      {problem ? (
        <Alert color="yellow" title={problem}>
          Choose the first and last day of the trips to list, at most 366 days apart.
        </Alert>
      ) : report.isPending ? (
        <ReportSkeleton label="Loading the non-final trips" />
      ) : report.isError ? (
        <ReportError what="non-final trips report" error={report.error} onRetry={() => void report.refetch()} />
      ) : trips.length === 0 ? (
        <Text c="dimmed">Every trip in these dates is Final. Nothing waits for rate accept.</Text>
      ) : (
        <Stack gap="xs" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {report.data.total > trips.length
              ? `Showing ${trips.length} of ${report.data.total} trips; the CSV lists them all.`
              : `${plural(trips.length, 'trip')}, ${trips.filter((t) => t.ready).length} ready for rate accept`}
          </Text>
          <NonFinalTable trips={trips} showPartner={staff} chosen={chosen} onChoose={choose} />
        </Stack>
      )}
    </Stack>
  );
}
