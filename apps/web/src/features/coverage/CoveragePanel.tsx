import { useEffect, useMemo } from 'react';
import { Alert, Badge, Button, Group, List, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TYPEAHEAD_WAIT_MS, type CoverageCheckInput, type CoverageCheckResult } from '@tripline/core';
import { checkCoverage } from './api.ts';
import { coverageRequestState, tripLimitMeter } from './coverage-request.ts';

export interface CoveragePanelProps {
  request: CoverageCheckInput | null;
  onResult?: (r: CoverageCheckResult | null) => void;
}

/**
 * The reservation editor's coverage panel (spec 2 §7 POST coverage-check; DECISIONS 10): checks
 * 300 ms after the request last changed, once passenger, service date, service number and
 * appointment type are all given (until then it says which are missing), and shows the verdict,
 * the payer, trips this year against the limit and the partners serving the pickup ZIP code.
 */
export function CoveragePanel({ request, onResult }: CoveragePanelProps) {
  const key = useMemo(() => JSON.stringify(request), [request]);
  const [debouncedKey] = useDebouncedValue(key, TYPEAHEAD_WAIT_MS);
  const settled = debouncedKey === key;
  const state = coverageRequestState(request);
  const check = useQuery({
    queryKey: ['coverage-check', debouncedKey],
    queryFn: ({ signal }) => checkCoverage(JSON.parse(debouncedKey) as CoverageCheckInput, signal),
    enabled: state.ready && settled,
    staleTime: 30_000,
    retry: false,
  });
  const result = state.ready && settled ? (check.data ?? null) : null;

  useEffect(() => onResult?.(result), [result, onResult]);

  return (
    <Paper withBorder p="sm" aria-label="Coverage" component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Coverage</Title>
          {result && <StatusBadge result={result} />}
        </Group>
        {!state.ready && (
          <Text size="sm" c="dimmed">
            {state.message}
          </Text>
        )}
        {state.ready && (!settled || check.isFetching) && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Checking coverage…</Text>
          </Group>
        )}
        {state.ready && settled && check.isError && !check.isFetching && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title="The coverage check failed">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{check.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void check.refetch()}>
                Check again
              </Button>
            </Stack>
          </Alert>
        )}
        {result && !check.isFetching && <CoverageResult result={result} />}
      </Stack>
    </Paper>
  );
}

function StatusBadge({ result }: { result: CoverageCheckResult }) {
  if (!result.error) return <Badge color="green" leftSection={<IconCircleCheck size={12} />}>{result.status ?? 'Active'}</Badge>;
  if (!result.blocked) return <Badge color="yellow">Authorized</Badge>;
  return <Badge color="red" leftSection={<IconCircleX size={12} />}>{result.status && result.status !== 'Active' ? result.status : 'Not covered'}</Badge>;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function CoverageResult({ result }: { result: CoverageCheckResult }) {
  const cov = result.coverage;
  const meter = cov ? tripLimitMeter(cov.tripsYTD, cov.planTripLimitCount) : null;
  return (
    <Stack gap="xs">
      {result.error && (
        <Alert color={result.blocked ? 'red' : 'yellow'} icon={<IconCircleX size={16} />} title={result.error}>
          {result.blocked
            ? result.overridable
              ? 'Enter who authorized the trip to save it anyway.'
              : 'This plan does not allow overrides.'
            : 'Saved with an authorization.'}
        </Alert>
      )}
      {result.warnings.map((w) => (
        <Alert key={w} color="yellow" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="sm">{w}</Text>
        </Alert>
      ))}
      <SimpleGrid cols={2} spacing="xs">
        <Field label="Bill-to" value={result.billToName} />
        <Field label="Plan" value={result.planName} />
        <Field label="LOB" value={result.lob} />
        <Field label="Member id" value={cov?.memberId} />
      </SimpleGrid>
      {cov && (
        <div>
          <Text size="xs" c="dimmed">
            Trips this year
          </Text>
          <Text size="sm">{cov.planTripLimitCount === null ? `${cov.tripsYTD} (no limit)` : `${cov.tripsYTD} of ${cov.planTripLimitCount}`}</Text>
          {meter && <Progress value={meter.percent} color={meter.color} size="sm" aria-label={`${meter.percent}% of the trip limit used`} />}
        </div>
      )}
      <div>
        <Text size="xs" c="dimmed">
          Partners serving {result.pickupZip ? `ZIP ${result.pickupZip}` : 'the pickup'}
        </Text>
        {result.pickupZip === null ? (
          <Text size="sm" c="dimmed">
            Choose a pickup to see the partners serving it.
          </Text>
        ) : result.partners.length === 0 ? (
          <Text size="sm">No partner serves this ZIP code.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {result.partners.map((p) => (
              <List.Item key={p.id}>
                {p.name} <Text span size="xs" c="dimmed">#{p.contactNumber}</Text>
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
