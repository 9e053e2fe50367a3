import { ActionIcon, Button, Group, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCash, IconChecks, IconChevronLeft, IconChevronRight, IconRefresh, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { localToday, parseDateInput } from '../../../lib/date-input.ts';
import { plural } from './trip-format.ts';

export interface HomeToolbarProps {
  date: string | null;
  onDate(date: string | null): void;
  search: string;
  onSearch(search: string): void;
  /** Rows shown and rows of the day, once loaded. */
  counts: { shown: number; total: number } | null;
  onAcceptAll(): void;
  onFinaliseAll(): void;
  /** Finalise all is reading the day's trips. */
  finalising?: boolean;
  /** Offered when the rows are not kept current by live updates. */
  onRefresh?: () => void;
  /** Shown to staff only. */
  developerMode: { on: boolean; set(on: boolean): void } | null;
}

const shift = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

export function HomeToolbar({ date, onDate, search, onSearch, counts, onAcceptAll, onFinaliseAll, finalising, onRefresh, developerMode }: HomeToolbarProps) {
  const nothingShown = !counts || counts.shown === 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap={4} align="flex-end" wrap="nowrap">
        <DateInput
          label="Service date"
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          // DECISIONS 2: every accepted date form, not only the one shown.
          dateParser={(text) => parseDateInput(text, localToday())}
          value={date}
          onChange={onDate}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear date' }}
          w={150}
          popoverProps={{ withinPortal: true }}
        />
        <Tooltip label="Previous day">
          <ActionIcon variant="default" size="lg" mb={1} aria-label="Previous day" disabled={!date} onClick={() => date && onDate(shift(date, -1))}>
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next day">
          <ActionIcon variant="default" size="lg" mb={1} aria-label="Next day" disabled={!date} onClick={() => date && onDate(shift(date, 1))}>
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" mb={1} onClick={() => onDate(localToday())}>
          Today
        </Button>
      </Group>
      <TextInput
        label="Search trips"
        placeholder="Name, ref… or ! for high priority"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        style={{ flex: '1 1 260px', maxWidth: 420 }}
        type="search"
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Button leftSection={<IconChecks size={16} aria-hidden />} onClick={onAcceptAll} disabled={nothingShown}>
          Accept all
        </Button>
        <Button variant="light" leftSection={<IconCash size={16} aria-hidden />} onClick={onFinaliseAll} disabled={nothingShown} loading={finalising}>
          Finalize all
        </Button>
        {onRefresh && (
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRefresh}>
            Refresh
          </Button>
        )}
      </Group>
      <Group gap="md" align="center" ml="auto" mb={6} wrap="nowrap">
        {developerMode && (
          <Switch
            label="Developer mode"
            color="orange"
            checked={developerMode.on}
            onChange={(e) => developerMode.set(e.currentTarget.checked)}
          />
        )}
        {counts && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {counts.shown === counts.total ? plural(counts.total, 'trip') : `${counts.shown} of ${plural(counts.total, 'trip')}`}
          </Text>
        )}
      </Group>
    </Group>
  );
}
