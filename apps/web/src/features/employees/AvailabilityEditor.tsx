import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { availabilityOrDefault, availabilityProblem, type Availability } from '@tripline/core';

const DAY_NAMES: Record<string, string> = { Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday', Sun: 'Sunday' };

interface Props {
  value: Availability;
  onChange(next: Availability): void;
  readOnly?: boolean;
}

/** The employee's usual week (spec 3 §3: 7 days of start/end); a day unticked is a day off. */
export function AvailabilityEditor({ value, onChange, readOnly }: Props) {
  const problem = availabilityProblem(value);
  const set = (i: number, change: Partial<Availability[number]>) => onChange(value.map((d, at) => (at === i ? { ...d, ...change } : d)));
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing={4} aria-label="Availability">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Works</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.map((d, i) => {
            const works = d.start !== null || d.end !== null;
            return (
              <Table.Tr key={d.day}>
                <Table.Td>{DAY_NAMES[d.day]}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Works on ${DAY_NAMES[d.day]}`}
                    checked={works}
                    disabled={readOnly}
                    onChange={(e) => set(i, e.currentTarget.checked ? { start: '09:00', end: '17:00' } : { start: null, end: null })}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={`${DAY_NAMES[d.day]} start`}
                    value={d.start ?? ''}
                    disabled={!works || readOnly}
                    onChange={(e) => set(i, { start: e.currentTarget.value || null })}
                    w={120}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={`${DAY_NAMES[d.day]} end`}
                    value={d.end ?? ''}
                    disabled={!works || readOnly}
                    onChange={(e) => set(i, { end: e.currentTarget.value || null })}
                    w={120}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            Without a stored week an employee works Monday to Friday, 09:00–17:00.
          </Text>
        )}
        {!readOnly && (
          <Button variant="subtle" size="xs" onClick={() => onChange(availabilityOrDefault(null))}>
            Reset to Mon–Fri 09:00–17:00
          </Button>
        )}
      </Group>
    </Stack>
  );
}
