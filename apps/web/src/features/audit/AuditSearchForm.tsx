import { Autocomplete, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { parseDateInput } from '@tripline/core';
import { localToday } from '../../lib/date-input.ts';
import { EMPTY_FILTERS, KNOWN_ACTIVITY_TYPES, KNOWN_TABLES, checkFilters, type LogFilters } from './log-params.ts';

interface Props {
  /** The search in the address; the form starts from it. */
  initial: LogFilters;
  /** Problems of the search in the address, shown at their fields. */
  initialErrors: Record<string, string>;
  onSearch(filters: LogFilters): void;
  searching: boolean;
}

/** The date fields hold YYYY-MM-DD; a date typed in the address in another form is read the same way. */
const asDay = (text: string) => (text ? (parseDateInput(text, localToday()) ?? '') : '');

/** The /log search: by record (table and id), by user, by activity type, within dates. */
export function AuditSearchForm({ initial, initialErrors, onSearch, searching }: Props) {
  const form = useForm<LogFilters>({
    initialValues: { ...initial, dateFrom: asDay(initial.dateFrom), dateTo: asDay(initial.dateTo) },
    initialErrors,
    validate: (values) => {
      const check = checkFilters(values, localToday());
      return check.ok ? {} : check.errors;
    },
  });
  const dateProps = (field: 'dateFrom' | 'dateTo') => ({
    placeholder: 'MM/DD/YYYY',
    valueFormat: 'MM/DD/YYYY',
    // DECISIONS 2: every accepted date form, not only the one shown.
    dateParser: (text: string) => parseDateInput(text, localToday()),
    clearable: true,
    clearButtonProps: { 'aria-label': `Clear ${field === 'dateFrom' ? 'from' : 'to'} date` },
    popoverProps: { withinPortal: true },
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
    error: form.errors[field],
    w: 150,
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Search the audit log">
      <form onSubmit={form.onSubmit((values) => onSearch(values))} noValidate>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Autocomplete
              label="Table"
              placeholder="e.g. drive_assignments"
              data={KNOWN_TABLES}
              comboboxProps={{ withinPortal: true }}
              w={200}
              {...form.getInputProps('table')}
            />
            <TextInput
              label="Record id"
              placeholder="Id of the record"
              style={{ flex: '1 1 340px', maxWidth: 400 }}
              {...form.getInputProps('id')}
            />
            <TextInput label="User" placeholder="User name or contact id" w={220} {...form.getInputProps('user')} />
            <Autocomplete
              label="Activity type"
              placeholder="e.g. accept"
              data={KNOWN_ACTIVITY_TYPES}
              comboboxProps={{ withinPortal: true }}
              w={180}
              {...form.getInputProps('activityType')}
            />
            <DateInput label="From" {...dateProps('dateFrom')} />
            <DateInput label="To" {...dateProps('dateTo')} />
          </Group>
          {form.errors.form && (
            <Text size="sm" c="red" role="alert">
              {form.errors.form}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
              Search
            </Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues(EMPTY_FILTERS);
                form.clearErrors();
              }}
            >
              Clear
            </Button>
            <Text size="xs" c="dimmed">
              By record (table and id), by user or by activity type; dates are days in the operator's time zone.
            </Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
