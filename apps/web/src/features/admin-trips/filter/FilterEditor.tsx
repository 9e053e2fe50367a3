import { ActionIcon, Badge, Button, Checkbox, Group, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import {
  FILTER_KEYS,
  FILTER_KEY_NAMES,
  FILTER_MAX_DEPTH,
  changeLeafKey,
  changeLeafOp,
  isGroup,
  isListOp,
  isNullableKey,
  opsForKey,
  parseDateInput,
  type FilterGroup,
  type FilterKey,
  type FilterKeyDef,
  type FilterLeaf,
  type FilterNode,
  type FilterOp,
} from '@tripline/core';
import { localToday } from '../../../lib/date-input.ts';
import { appendTo, newGroup, newLeaf, removeAt, setLogicalOp, updateAt, type NodePath } from './filter-tree.ts';
import classes from './filter-editor.module.css';

const OP_LABELS: Record<FilterOp, string> = {
  eq: 'is',
  in: 'is one of',
  notIn: 'is not one of',
  startsWith: 'starts with',
  contains: 'contains',
};

const KEY_OPTIONS = FILTER_KEY_NAMES.map((key) => ({ value: key, label: FILTER_KEYS[key].label })).sort((a, b) => a.label.localeCompare(b.label));

const PLACEHOLDERS: Partial<Record<FilterKeyDef['kind'], string>> = {
  date: '2026-11-22, +3 or +0..+3',
  time: '08:30 or 08:00-10:00',
  number: '3, 1-3 or 2+',
  id: 'Record id',
};

/** A date typed in any accepted form (DECISIONS 2) is kept as YYYY-MM-DD; relative days and ranges stay as typed. */
function normaliseDate(text: string): string {
  const t = text.trim();
  if (t === '' || /^[+-]\d/.test(t) || t.includes('..')) return t;
  return parseDateInput(t, localToday()) ?? t;
}

function ValueInput({ leaf, label, onChange }: { leaf: FilterLeaf; label: string; onChange(value: FilterLeaf['value']): void }) {
  const def: FilterKeyDef = FILTER_KEYS[leaf.key];
  if (leaf.value === null) {
    return (
      <Text size="sm" c="dimmed" className={classes.value}>
        (empty)
      </Text>
    );
  }
  if (def.kind === 'boolean') {
    return (
      <SegmentedControl
        size="xs"
        aria-label={`${label} value`}
        data={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        value={leaf.value === false ? 'false' : 'true'}
        onChange={(v) => onChange(v === 'true')}
      />
    );
  }
  if (isListOp(leaf.op)) {
    const list = Array.isArray(leaf.value) ? leaf.value : [];
    return (
      <TagsInput
        className={classes.value}
        size="xs"
        aria-label={`${label} values`}
        placeholder={list.length ? undefined : def.kind === 'enum' ? 'Choose values' : 'Type a value, then Enter'}
        data={def.values ? [...def.values] : []}
        value={list}
        onChange={onChange}
        splitChars={[',', ' ']}
        clearable
      />
    );
  }
  if (def.kind === 'enum') {
    return (
      <Select
        className={classes.value}
        size="xs"
        aria-label={`${label} value`}
        data={[...(def.values ?? [])]}
        value={typeof leaf.value === 'string' && leaf.value ? leaf.value : null}
        onChange={(v) => onChange(v ?? '')}
        placeholder="Choose"
      />
    );
  }
  return (
    <TextInput
      className={classes.value}
      size="xs"
      aria-label={`${label} value`}
      placeholder={PLACEHOLDERS[def.kind] ?? 'Value'}
      value={Array.isArray(leaf.value) ? leaf.value.join(',') : String(leaf.value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={def.kind === 'date' ? (e) => onChange(normaliseDate(e.currentTarget.value)) : undefined}
    />
  );
}

function LeafEditor({ leaf, onChange, onRemove }: { leaf: FilterLeaf; onChange(leaf: FilterLeaf): void; onRemove(): void }) {
  const ops = opsForKey(leaf.key);
  const label = FILTER_KEYS[leaf.key]?.label ?? leaf.key;
  const nullable = isNullableKey(leaf.key) && leaf.op === 'eq';
  return (
    <Group gap="xs" data-testid="filter-condition">
      <Select
        size="xs"
        aria-label="Field"
        className={classes.key}
        data={KEY_OPTIONS}
        value={leaf.key}
        searchable
        allowDeselect={false}
        onChange={(k) => k && onChange(changeLeafKey(leaf, k as FilterKey))}
      />
      <Select
        size="xs"
        aria-label={`${label} comparison`}
        className={classes.op}
        data={ops.map((op) => ({ value: op, label: OP_LABELS[op] }))}
        value={leaf.op}
        allowDeselect={false}
        disabled={ops.length === 1}
        onChange={(op) => op && onChange(changeLeafOp(leaf, op as FilterOp))}
      />
      <ValueInput leaf={leaf} label={label} onChange={(value) => onChange({ ...leaf, value })} />
      {/* The slot stays when the key is not nullable, so the rows line up. */}
      <div className={classes.nullSlot}>
        {nullable && (
          <Checkbox
            size="xs"
            label="Empty"
            title={`${label} has no value`}
            checked={leaf.value === null}
            onChange={(e) => onChange({ ...leaf, value: e.currentTarget.checked ? null : '' })}
          />
        )}
      </div>
      <ActionIcon variant="subtle" color="gray" aria-label={`Remove condition ${label}`} onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function GroupEditor({
  group,
  path,
  root,
  onChange,
}: {
  group: FilterGroup;
  path: NodePath;
  root: FilterGroup;
  onChange(next: FilterGroup): void;
}) {
  const top = path.length === 0;
  const depth = path.length + 1;
  const word = group.logicalOp === 'and' ? 'AND' : 'OR';
  return (
    <Stack gap={6} className={top ? undefined : classes.group} data-logical-op={group.logicalOp} role="group" aria-label={top ? 'All of these' : `${word} group`}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs">
          {top ? (
            <Badge variant="light" color="blue" title="A custom query's top level is always AND">
              AND
            </Badge>
          ) : (
            <SegmentedControl
              size="xs"
              aria-label="Group logic"
              data={[
                { value: 'and', label: 'AND' },
                { value: 'or', label: 'OR' },
              ]}
              value={group.logicalOp}
              onChange={(v) => onChange(setLogicalOp(root, path, v as 'and' | 'or'))}
            />
          )}
          <Text size="xs" c="dimmed">
            {group.logicalOp === 'and' ? 'Trips matching all of these' : 'Trips matching any of these'}
          </Text>
        </Group>
        {!top && (
          <ActionIcon variant="subtle" color="gray" aria-label="Remove group" onClick={() => onChange(removeAt(root, path))}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {group.filters.map((child: FilterNode, i) => {
        const childPath = [...path, i];
        return isGroup(child) ? (
          <GroupEditor key={i} group={child} path={childPath} root={root} onChange={onChange} />
        ) : (
          <LeafEditor
            key={i}
            leaf={child}
            onChange={(leaf) => onChange(updateAt(root, childPath, () => leaf))}
            onRemove={() => onChange(removeAt(root, childPath))}
          />
        );
      })}
      <Group gap="xs">
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange(appendTo(root, path, newLeaf()))}>
          Add condition
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconSquarePlus size={14} aria-hidden />}
          disabled={depth >= FILTER_MAX_DEPTH}
          onClick={() => onChange(appendTo(root, path, newGroup()))}
        >
          Add group
        </Button>
      </Group>
    </Stack>
  );
}

/** The custom query editor (spec 3 §3, §5): nested AND/OR groups of conditions under a top-level AND. */
export function FilterEditor({ value, onChange }: { value: FilterGroup; onChange(next: FilterGroup): void }) {
  return <GroupEditor group={value} path={[]} root={value} onChange={onChange} />;
}
