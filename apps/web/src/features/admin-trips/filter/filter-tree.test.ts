import { describe, expect, it } from 'vitest';
import { SEARCH_MSG, changeLeafKey, validateFilter, type FilterGroup } from '@tripline/core';
import { appendTo, asTopLevel, countLeaves, emptyFilter, newGroup, nodeAt, readFilterText, removeAt, setLogicalOp, updateAt } from './filter-tree.ts';

const tree = (): FilterGroup => ({
  logicalOp: 'and',
  filters: [
    { key: 'serviceDate', op: 'eq', value: '+1' },
    {
      logicalOp: 'or',
      filters: [
        { key: 'priority', op: 'eq', value: '3+' },
        { key: 'serviceType', op: 'in', value: ['03'] },
      ],
    },
  ],
});

describe('editing a custom query tree', () => {
  it('builds the nested query of the journey and it validates', () => {
    let t = emptyFilter();
    t = updateAt(t, [0], () => ({ key: 'serviceDate', op: 'eq', value: '+1' }));
    t = appendTo(t, [], newGroup());
    t = updateAt(t, [1, 0], () => ({ key: 'priority', op: 'eq', value: '3+' }));
    t = appendTo(t, [1], { key: 'serviceType', op: 'in', value: ['03'] });
    expect(t).toEqual(tree());
    expect(validateFilter(t)).toEqual({ ok: true });
  });

  it('changes one node without touching the original', () => {
    const t = tree();
    const next = updateAt(t, [1, 1], (n) => ({ ...n, value: ['03', '05'] }));
    expect(nodeAt(next, [1, 1])).toEqual({ key: 'serviceType', op: 'in', value: ['03', '05'] });
    expect(nodeAt(t, [1, 1])).toEqual({ key: 'serviceType', op: 'in', value: ['03'] });
  });

  it('removes conditions and groups but never the top level', () => {
    expect(countLeaves(removeAt(tree(), [1, 0]))).toBe(2);
    expect(removeAt(tree(), [1]).filters).toHaveLength(1);
    expect(removeAt(tree(), [])).toEqual(tree());
  });

  it('switches nested groups between AND and OR, the top level stays AND', () => {
    expect((nodeAt(setLogicalOp(tree(), [1], 'and'), [1]) as FilterGroup).logicalOp).toBe('and');
    expect(setLogicalOp(tree(), [], 'or').logicalOp).toBe('and');
  });

  it('uses the core rule when the key changes (value kept only text to text)', () => {
    const t = updateAt(tree(), [0], (n) => changeLeafKey(n as never, 'willCall'));
    expect(nodeAt(t, [0])).toEqual({ key: 'willCall', op: 'eq', value: true });
  });
});

describe('reading a custom query from the address', () => {
  it('reads a tree, wrapping a single condition or an OR in a top-level AND', () => {
    const read = readFilterText(JSON.stringify(tree()));
    expect(read).toEqual({ ok: true, filter: tree() });
    const or: FilterGroup = { logicalOp: 'or', filters: [{ key: 'priority', op: 'eq', value: '4' }] };
    expect(readFilterText(JSON.stringify(or))).toEqual({ ok: true, filter: asTopLevel(or) });
  });

  it('keeps an incomplete tree so the editor can show what is wrong', () => {
    const incomplete = { logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '' }] };
    expect(readFilterText(JSON.stringify(incomplete))).toEqual({ ok: true, filter: incomplete });
  });

  it('says when the text is not JSON or not a filter', () => {
    const bad = readFilterText('{nope');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message.startsWith('Invalid JSON: ')).toBe(true);
    expect(readFilterText('[1,2]')).toEqual({ ok: false, message: SEARCH_MSG.INVALID_JSON('not a filter of groups (logicalOp, filters) and conditions (key, op, value)') });
  });
});
