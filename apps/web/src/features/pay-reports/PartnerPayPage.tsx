import { lazy, Suspense } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { contract, isPayWeekStart, isStaff, payWeek, type PayTotalsJson } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { formatMoney, plural } from '../trips/home/trip-format.ts';
import { csvHref, usePartnerPayReport } from './api.ts';
import { PartnerLinesTable, PayTripsTable } from './PayTables.tsx';
import { defaultPayWeek, neighbourWeeks, payParamsFrom, payQueryOf, searchOf } from './report-params.ts';
import { DownloadCsvButton, ReportError, ReportSkeleton } from './ReportStates.tsx';
import { PartnerFilter } from '../../lib/partners.tsx';

// ECharts comes with the chart only, never with the first download
const PayChart = lazy(async () => ({ default: (await import('./PayChart.tsx')).PayChart }));

function Totals({ totals }: { totals: PayTotalsJson }) {
  const card = (label: string, amount: number, note: string) => (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {formatMoney(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Totals">
      {card('Final', totals.finalPay, `${plural(totals.finalTrips, 'trip')}, rate accepted`)}
      {card('Not Final', totals.notFinalPay, `${plural(totals.notFinalTrips, 'trip')} still Open or Pending`)}
      {card('Total', totals.totalPay, totals.noRateTrips ? `${plural(totals.noRateTrips, 'trip')} without a rate (NoRate)` : 'Every trip has a rate')}
    </SimpleGrid>
  );
}

/**
 * /reporting/partner-pay (spec 2 §5): the pay of a week beginning on a past or
 * present Sunday (other days cannot be picked), Final against not Final per day, each trip with its
 * pay lines, and the week as a CSV. Staff choose a partner or see a line per partner.
 */
export function PartnerPayPage({ route }: ScreenProps) {
  const { data: me } = useCurrentUser();
  const staff = me ? isStaff(me) : false;
  const today = localToday();
  const [search, setSearch] = useSearchParams();
  const params = payParamsFrom(search, today);
  const check = payQueryOf(params, today);
  const report = usePartnerPayReport(check.ok && me ? { date: check.date, affiliateId: staff ? params.affiliateId : null } : null);
  const set = (next: Partial<typeof params>) => setSearch(searchOf({ ...params, ...next }));
  const weeks = check.ok ? neighbourWeeks(check.date, today) : null;
  const data = report.data;

  if (!me) return null;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h3">
          {route.title ?? 'Partner-pay report'}
        </Title>
        <Text size="sm" c="dimmed">
          {[staff ? null : (me.partnerName ?? 'Your company'), check.ok ? `The week of ${formatUsDate(check.date)} to ${formatUsDate(payWeek(check.date).dateTo)}` : 'Choose the Sunday a week begins on']
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </div>
      <Group gap="sm" align="flex-end" role="search" aria-label="Report week">
        <Group gap={4} align="flex-end">
          <ActionIcon variant="default" size="lg" aria-label="Previous week" disabled={!weeks} onClick={() => weeks && set({ date: weeks.previous })}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <DatePickerInput
            id="pay-week"
            label="Week beginning (Sunday)"
            required
            w={220}
            valueFormat="MM/DD/YYYY"
            value={params.date}
            maxDate={today}
            // a pay week runs Sunday to Saturday: Sundays are the calendar's first column
            firstDayOfWeek={0}
            excludeDate={(d) => !isPayWeekStart(d, today)}
            onChange={(d) => set({ date: d })}
            // the calendar is named by the field it belongs to (the popover's own id would name nothing)
            popoverProps={{ withinPortal: true, id: 'pay-week' }}
            // the alert below says why; the field is marked
            error={!check.ok}
          />
          <ActionIcon variant="default" size="lg" aria-label="Next week" disabled={!weeks?.next} onClick={() => weeks?.next && set({ date: weeks.next })}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {staff && (
          <PartnerFilter w={260} value={params.affiliateId} onChange={(id) => set({ affiliateId: id })} />
        )}
        <DownloadCsvButton href={check.ok ? csvHref(contract.partnerPayReport, { date: check.date, affiliateId: staff ? params.affiliateId : null }) : null} />
      </Group>
      {!check.ok ? (
        <Alert color="yellow" title={check.message}>
          <Text size="sm" mb="xs">
            The report covers a week from Sunday to Saturday. Pick a Sunday that has already begun.
          </Text>
          <Button size="xs" variant="default" onClick={() => set({ date: defaultPayWeek(today) })}>
            Show this week
          </Button>
        </Alert>
      ) : report.isPending ? (
        <ReportSkeleton label="Loading the partner-pay report" />
      ) : report.isError ? (
        <ReportError what="partner-pay report" error={report.error} onRetry={() => void report.refetch()} />
      ) : data ? (
        <Stack gap="md" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Totals totals={data.totals} />
          {data.totals.notFinalTrips > 0 && (
            <Anchor
              component={Link}
              size="sm"
              to={`/reporting/partner-non-final-trips?${searchOf({ dateFrom: data.dateFrom, dateTo: data.dateTo < today ? data.dateTo : today, affiliateId: data.affiliateId })}`}
            >
              What the week's trips that are not Final wait for
            </Anchor>
          )}
          <Paper withBorder p="sm" radius="md">
            <Suspense fallback={<Skeleton height={260} />}>
              <PayChart days={data.days} />
            </Suspense>
          </Paper>
          {data.affiliateId === null ? (
            data.partners.length === 0 ? (
              <Text c="dimmed">No partner has accepted trips in this week.</Text>
            ) : (
              <PartnerLinesTable lines={data.partners} onChoose={(id) => set({ affiliateId: id })} />
            )
          ) : data.trips.length === 0 ? (
            <Text c="dimmed">{`No accepted trips in the week of ${formatUsDate(data.dateFrom)}.`}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {plural(data.trips.length, 'trip')}
                {data.partnerName && staff ? ` of ${data.partnerName}` : ''}
              </Text>
              <PayTripsTable trips={data.trips} />
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
