import { Button, Group, Kbd, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';

export type EditorAction =
  | 'return'
  | 'wait'
  | 'assistant'
  | 'pharmacy'
  | 'notes'
  | 'cancel'
  | 'unCancel'
  | 'duplicate'
  | 'inspect'
  | 'overrideCreated';

export interface EditorActionsProps {
  saved: boolean;
  dirty: boolean;
  saving: boolean;
  readOnly: boolean;
  canceled: boolean;
  /** The trip or one of its legs is cancelled: Un-cancel restores it. */
  restorable: boolean;
  isAdmin: boolean;
  onSave(): void;
  onAction(action: EditorAction): void;
}

/** The editor's actions (spec 2 §2): Save (Ctrl+S), legs to add, and what a saved reservation can do. */
export function EditorActions({ saved, dirty, saving, readOnly, canceled, restorable, isAdmin, onSave, onAction }: EditorActionsProps) {
  return (
    <Group gap="xs">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<IconPlus size={14} />} rightSection={<IconChevronDown size={14} />} disabled={readOnly}>
            Add leg
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAction('return')}>Return leg</Menu.Item>
          <Menu.Item onClick={() => onAction('wait')}>Wait leg</Menu.Item>
          <Menu.Item onClick={() => onAction('assistant')}>Assistant leg</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />}>
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAction('pharmacy')} disabled={!saved || readOnly}>
            Pharmacy stop
          </Menu.Item>
          <Menu.Item onClick={() => onAction('notes')}>Notes</Menu.Item>
          <Menu.Item onClick={() => onAction('duplicate')} disabled={!saved}>
            Duplicate
          </Menu.Item>
          <Menu.Item onClick={() => onAction('inspect')} disabled={!saved}>
            Inspect
          </Menu.Item>
          <Menu.Divider />
          {restorable && (
            <Menu.Item onClick={() => onAction('unCancel')} disabled={readOnly}>
              Un-cancel
            </Menu.Item>
          )}
          {!canceled && (
            <Menu.Item color="red" onClick={() => onAction('cancel')} disabled={readOnly}>
              Cancel…
            </Menu.Item>
          )}
          {isAdmin && (
            <Menu.Item onClick={() => onAction('overrideCreated')} disabled={!saved || readOnly}>
              Override created time
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={<>Save <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">S</Kbd></>}>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving} disabled={readOnly || (saved && !dirty)}>
          Save
        </Button>
      </Tooltip>
    </Group>
  );
}
