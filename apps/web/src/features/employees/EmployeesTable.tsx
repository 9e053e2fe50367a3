import { useCallback, type KeyboardEvent, type MouseEvent } from 'react';
import { ActionIcon, Badge, Menu, VisuallyHidden } from '@mantine/core';
import { IconAddressBook, IconDots, IconEdit, IconKey, IconLogin2, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CurrentUser, Employee } from '@tripline/core';
import { VirtualTable, type TableColumn } from '../../components/VirtualTable.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import classes from '../../components/record-table.module.css';
import { offeredActions } from './row-actions.ts';

export const ROW_HEIGHT = 48;

/** What a row offers, by what the signed-in user may do with that employee. */
export interface RowActions {
  onOpen(e: Employee): void;
  onShowContact(e: Employee): void;
  onLogInAs(e: Employee): void;
  onDelete(e: Employee): void;
}

interface RowContext {
  me: CurrentUser;
  actions: RowActions;
}

const mainPhone = (e: Employee) => (e.phones.find((p) => p.main) ?? e.phones[0])?.phoneNumberWithAreaCode ?? '—';

function Status({ e }: { e: Employee }) {
  if (e.deleted)
    return (
      <Badge color="gray" variant="outline" size="sm">
        Deleted
      </Badge>
    );
  if (e.terminationDate)
    return (
      <Badge color="orange" variant="light" size="sm" title={`Terminated ${formatUsDate(e.terminationDate)}`}>
        Terminated
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" size="sm">
      Active
    </Badge>
  );
}

function Actions({ e, me, actions }: { e: Employee } & RowContext) {
  const offered = offeredActions(me, e);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${e.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => actions.onOpen(e)}>
          {offered.edit ? 'Edit' : 'View'}
        </Menu.Item>
        {offered.showContact && (
          <Menu.Item leftSection={<IconAddressBook size={14} />} onClick={() => actions.onShowContact(e)}>
            Show contact
          </Menu.Item>
        )}
        {offered.logInAs && (
          <Menu.Item leftSection={<IconLogin2 size={14} />} onClick={() => actions.onLogInAs(e)}>
            Log in as
          </Menu.Item>
        )}
        {offered.changePassword && (
          <Menu.Item leftSection={<IconKey size={14} />} component={Link} to={`/edit-password?contactId=${encodeURIComponent(e.id)}`}>
            Change password
          </Menu.Item>
        )}
        {offered.delete && (
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => actions.onDelete(e)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

type Column = TableColumn<Employee, RowContext>;

const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Name', width: 'minmax(160px, 1.4fr)', minWidth: 160, cell: (e) => <span className={classes.name}>{e.name}</span> },
  { key: 'employeeNumber', label: 'Number', width: '90px', minWidth: 90, cell: (e) => e.employeeNumber ?? '—' },
  { key: 'classifications', label: 'Classifications', width: 'minmax(120px, 1fr)', minWidth: 120, cell: (e) => e.classifications.join(', ') },
  { key: 'company', label: 'Company', width: 'minmax(140px, 1fr)', minWidth: 140, foldable: true, cell: (e) => e.affiliateName ?? 'In-house' },
  { key: 'phone', label: 'Main phone', width: '130px', minWidth: 130, foldable: true, cell: mainPhone },
  { key: 'hired', label: 'Hired', width: '96px', minWidth: 96, foldable: true, cell: (e) => (e.hiredDate ? formatUsDate(e.hiredDate) : '—') },
  { key: 'status', label: 'Status', width: '100px', minWidth: 100, cell: (e) => <Status e={e} /> },
  { key: 'actions', label: 'Actions', width: '44px', minWidth: 44, cell: (e, ctx) => <Actions e={e} {...ctx} /> },
];

/** The employee list, virtualised: rows take the keyboard (arrows move, Enter opens). */
export function EmployeesTable({ employees, me, actions }: { employees: readonly Employee[]; me: CurrentUser; actions: RowActions }) {
  const rowContext = useCallback(() => ({ me, actions }), [me, actions]);
  const rowProps = useCallback(
    (e: Employee) => ({
      'aria-label': e.name,
      'data-deleted': String(e.deleted),
      onClick: (ev: MouseEvent<HTMLDivElement>) => {
        if ((ev.target as HTMLElement).closest('button,a,[role="menu"]')) return;
        actions.onOpen(e);
      },
      onKeyDown: (ev: KeyboardEvent<HTMLDivElement>) => {
        if (ev.target !== ev.currentTarget || ev.key !== 'Enter') return;
        ev.preventDefault();
        actions.onOpen(e);
      },
    }),
    [actions],
  );
  return (
    <VirtualTable
      items={employees}
      columns={COLUMNS}
      label="Employees"
      rowHeight={ROW_HEIGHT}
      getKey={(e) => e.id}
      rowContext={rowContext}
      rowProps={rowProps}
      renderHeader={(c) => (c.key === 'actions' ? <VisuallyHidden>Actions</VisuallyHidden> : c.label)}
      focusableRows
      className={classes.table}
      headerClassName={classes.header}
      rowClassName={classes.row}
      style={{ flex: 1 }}
    />
  );
}
