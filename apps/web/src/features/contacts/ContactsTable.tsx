import { useCallback, type KeyboardEvent, type MouseEvent } from 'react';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { formatPhone, type ContactRow } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import tableClasses from '../../components/record-table.module.css';
import classes from './contacts.module.css';

export const ROW_HEIGHT = 44;

export interface ContactRowActions {
  onOpen(c: ContactRow): void;
  onInspect(c: ContactRow): void;
}

const BADGES: Record<ContactRow['badges'][number], { label: string; color: string; title: string }> = {
  infectious: { label: 'Infectious', color: 'red', title: 'An infectious disease is recorded for today' },
  elevated: { label: 'Elevated', color: 'grape', title: 'On the elevated member watch list' },
  hold: { label: 'Hold', color: 'orange', title: 'A partner hold is in effect' },
  deleted: { label: 'Deleted', color: 'gray', title: 'This contact is deleted' },
};

function Name({ c }: { c: ContactRow }) {
  return (
    <Group gap={6} wrap="nowrap" className={classes.nameCell}>
      <span className={tableClasses.name}>{c.name}</span>
      {c.badges.map((b) => (
        <Badge key={b} size="xs" color={BADGES[b].color} variant={b === 'deleted' ? 'outline' : 'light'} title={BADGES[b].title}>
          {BADGES[b].label}
        </Badge>
      ))}
    </Group>
  );
}

type Column = TableColumn<ContactRow, ContactRowActions>;

const dash = (v: string | null) => v ?? '—';

const COLUMNS: readonly Column[] = [
  { key: 'number', label: 'Number', width: '72px', minWidth: 72, numeric: true, cell: (c) => c.contactNumber },
  { key: 'name', label: 'Name', width: 'minmax(160px, 2fr)', minWidth: 160, cell: (c) => <Name c={c} /> },
  { key: 'types', label: 'Types', width: 'minmax(110px, 1fr)', minWidth: 110, cell: (c) => c.types.join(', ') },
  { key: 'dob', label: 'DOB', width: '90px', minWidth: 90, foldable: true, cellClassName: classes.nowrap, cell: (c) => (c.dob ? formatUsDate(c.dob) : '—') },
  { key: 'memberId', label: 'Member ID', width: '118px', minWidth: 118, foldable: true, cellClassName: classes.nowrap, cell: (c) => dash(c.memberId) },
  { key: 'phone', label: 'Main phone', width: '130px', minWidth: 130, foldable: true, cellClassName: classes.nowrap, cell: (c) => (c.mainPhone ? formatPhone(c.mainPhone) : '—') },
  { key: 'city', label: 'City', width: 'minmax(90px, 1fr)', minWidth: 90, foldable: true, cellClassName: classes.ellipsis, cell: (c) => dash(c.city) },
  { key: 'division', label: 'Division', width: '64px', minWidth: 64, foldable: true, cell: (c) => dash(c.division) },
  {
    key: 'inspect',
    label: 'Inspect',
    width: '64px',
    minWidth: 64,
    cell: (c, actions) => (
      <Tooltip label="Inspect" withinPortal>
        <ActionIcon variant="subtle" aria-label={`Inspect ${c.name}`} onClick={() => actions.onInspect(c)}>
          <IconStethoscope size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  },
];

/** The register's rows, virtualised; rows take the keyboard (arrows move, Enter opens). */
export function ContactsTable({
  contacts,
  actions,
  searchKey,
  onLeaveTop,
}: {
  contacts: readonly ContactRow[];
  actions: ContactRowActions;
  searchKey: string;
  /** Arrow up on the first row: back to the search box. */
  onLeaveTop(): void;
}) {
  const first = contacts[0]?.id;
  const rowContext = useCallback(() => actions, [actions]);
  const rowProps = useCallback(
    (c: ContactRow) => ({
      'aria-label': `${c.name}, number ${c.contactNumber}`,
      'data-deleted': String(c.deleted),
      onClick: (ev: MouseEvent<HTMLDivElement>) => {
        if ((ev.target as HTMLElement).closest('button,a')) return;
        actions.onOpen(c);
      },
      onKeyDown: (ev: KeyboardEvent<HTMLDivElement>) => {
        if (ev.target !== ev.currentTarget) return;
        if (ev.key === 'ArrowUp' && c.id === first) {
          ev.preventDefault();
          onLeaveTop();
        }
        if (ev.key !== 'Enter') return;
        ev.preventDefault();
        actions.onOpen(c);
      },
    }),
    [actions, first, onLeaveTop],
  );
  return (
    <VirtualTable
      items={contacts}
      columns={COLUMNS}
      label="Contacts"
      rowHeight={ROW_HEIGHT}
      getKey={(c) => c.id}
      rowContext={rowContext}
      rowProps={rowProps}
      scrollResetKey={searchKey}
      focusableRows
      className={tableClasses.table}
      headerClassName={tableClasses.header}
      rowClassName={tableClasses.row}
      style={{ flex: 1, minHeight: 320 }}
    />
  );
}
