import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LOG_MSG, formatInstant, timeAgo, type LogEntry } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { AuditDiff } from './AuditDiff.tsx';
import { logLink } from './log-params.ts';
import classes from './audit.module.css';

export interface AuditEntryListProps {
  entries: readonly LogEntry[] | undefined;
  loading: boolean;
  /** A failed load: shown with its message and, when `onRetry` is given, a way to try again. */
  error: unknown;
  onRetry?: () => void;
  /** What to say when there is nothing (defaults to the log's texts). */
  emptyTitle?: string;
  emptyHint?: ReactNode;
  /** Link records and users to the log (off where leaving the current screen would lose work). */
  linkToLog?: boolean;
}

/** Now, refreshed every half minute, so "5 minutes ago" stays true while the list is open. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'The server could not be reached.';
}

function Who({ entry, linkToLog }: { entry: LogEntry; linkToLog: boolean }) {
  const { actor } = entry;
  if (!actor) return <Text size="sm" c="dimmed">System</Text>;
  const label = actor.name ?? actor.id;
  const withUsername = actor.username ? `${label} (${actor.username})` : label;
  if (!linkToLog) return <Text size="sm" fw={600}>{withUsername}</Text>;
  return (
    <Anchor component={Link} to={logLink({ user: actor.username ?? actor.id })} size="sm" fw={600}>
      {withUsername}
    </Anchor>
  );
}

function RecordLink({ entry, linkToLog }: { entry: LogEntry; linkToLog: boolean }) {
  const text = entry.recordId ? `${entry.table} ${entry.recordId}` : entry.table;
  if (!linkToLog || !entry.recordId) return <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{text}</Text>;
  return (
    <Anchor component={Link} to={logLink({ table: entry.table, id: entry.recordId })} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Anchor>
  );
}

function Entry({ entry, now, linkToLog }: { entry: LogEntry; now: number; linkToLog: boolean }) {
  const exact = formatInstant(entry.at);
  return (
    <Paper component="article" withBorder p="sm" radius="md" className={classes.entry} aria-label={`${entry.activityType} on ${entry.table}, ${exact}`}>
      <Stack gap={8}>
        <Group gap="xs" wrap="wrap" justify="space-between" align="flex-start">
          <Group gap="xs" wrap="wrap" align="center">
            <Badge variant="light" radius="sm" tt="none">
              {entry.activityType}
            </Badge>
            <RecordLink entry={entry} linkToLog={linkToLog} />
          </Group>
          {/* The exact time is on screen, not in a tooltip, so keyboard and touch users read it too. */}
          <div className={classes.when}>
            <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {timeAgo(entry.at, now)}
            </Text>
            <Text size="xs" c="gray.7" component="time" dateTime={entry.at} style={{ whiteSpace: 'nowrap' }}>
              {exact}
            </Text>
          </div>
        </Group>
        <Group gap={6} wrap="wrap" align="center">
          <Text size="sm" c="dimmed">
            By
          </Text>
          <Who entry={entry} linkToLog={linkToLog} />
          {entry.impersonator && (
            <Badge color="orange" variant="light" radius="sm" tt="none" leftSection={<IconUserShield size={12} aria-hidden />}>
              impersonated by {entry.impersonator.name ?? entry.impersonator.id}
            </Badge>
          )}
        </Group>
        <AuditDiff before={entry.before} after={entry.after} />
      </Stack>
    </Paper>
  );
}

/**
 * Audit entries, newest first, each with who, when (time ago and the exact time), who
 * impersonated, the activity, the record and the readable before/after. Shows its own loading,
 * empty and error states, so a screen or a modal only passes what it loaded.
 */
export function AuditEntryList({ entries, loading, error, onRetry, emptyTitle, emptyHint, linkToLog = true }: AuditEntryListProps) {
  const now = useNow();
  if (error && !entries?.length) {
    return (
      <Alert color="red" title="The audit entries could not be loaded" icon={<IconAlertTriangle size={18} />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(error)}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (loading && !entries?.length) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading audit entries" />
      </Center>
    );
  }
  if (!entries?.length) {
    return (
      <Stack gap={4} py="md" align="center" role="status">
        <Text fw={600}>{emptyTitle ?? LOG_MSG.NO_ENTRIES}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {emptyHint ?? LOG_MSG.NO_ENTRIES_HINT}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" aria-label="Audit entries" role="list">
      {entries.map((entry) => (
        <div role="listitem" key={entry.id}>
          <Entry entry={entry} now={now} linkToLog={linkToLog} />
        </div>
      ))}
    </Stack>
  );
}
