import { ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { Division } from '@tripline/core';
import { zoneLabel } from './colours.ts';

export interface DivisionTableProps {
  divisions: readonly Division[];
  colours: ReadonlyMap<string, string>;
  selectedId: string | null;
  onOpen(d: Division): void;
}

/** Every division: code (with its map colour), name, state, time zone and how many counties. */
export function DivisionTable({ divisions, colours, selectedId, onOpen }: DivisionTableProps) {
  return (
    <Table highlightOnHover striped="even" aria-label="Divisions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Code</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Time zone</Table.Th>
          <Table.Th ta="right">Counties</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {divisions.map((d) => (
          <Table.Tr
            key={d.id}
            tabIndex={0}
            aria-selected={d.id === selectedId}
            bg={d.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
            style={{ cursor: 'pointer' }}
            onClick={() => onOpen(d)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onOpen(d);
              }
            }}
          >
            <Table.Td>
              <Group gap={8} wrap="nowrap">
                <ColorSwatch color={colours.get(d.id) ?? 'transparent'} size={14} aria-hidden />
                <Text size="sm" fw={600}>
                  {d.code}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>{d.name}</Table.Td>
            <Table.Td>{d.state}</Table.Td>
            <Table.Td>
              <Text size="sm" title={d.timeZone}>
                {zoneLabel(d.timeZone)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{d.counties.length}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
