import { useMemo } from 'react';
import { Alert, Button, Group, Loader, Select, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDeclineReasons } from '../api.ts';
import { filterDeclineReasons } from './partner-rules.ts';

export interface DeclineReasonSelectProps {
  value: string | null;
  onChange(reason: string | null): void;
  error: string | null;
  description?: string;
}

/** The decline reasons (GET decline-reasons), searchable by name and alias (spec 1 §5). */
export function DeclineReasonSelect({ value, onChange, error, description }: DeclineReasonSelectProps) {
  const reasons = useDeclineReasons(true);
  const list = useMemo(() => reasons.data ?? [], [reasons.data]);
  const aliases = useMemo(() => new Map(list.map((r) => [r.name, r.aliases])), [list]);
  const filter: OptionsFilter = ({ options, search }) => {
    const allowed = new Set(filterDeclineReasons(list, search).map((r) => r.name));
    return (options as ComboboxItem[]).filter((o) => allowed.has(o.value));
  };

  if (reasons.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Loading reasons…</Text>
      </Group>
    );
  }
  if (reasons.isError) {
    return (
      <Alert color="red" title="Could not load the decline reasons">
        <Button size="xs" variant="light" onClick={() => void reasons.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Select
      label="Reason"
      placeholder="Search reasons"
      description={description}
      required
      searchable
      data-autofocus
      nothingFoundMessage="No matching reason"
      data={list.map((r) => ({ value: r.name, label: r.name }))}
      filter={filter}
      renderOption={({ option }) => {
        const also = aliases.get(option.value) ?? [];
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {also.length > 0 && (
              <Text size="xs" c="dimmed">
                {also.join(', ')}
              </Text>
            )}
          </div>
        );
      }}
      value={value}
      onChange={onChange}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
