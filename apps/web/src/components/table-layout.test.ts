import { describe, expect, it } from 'vitest';
import { foldedColumns, neededWidth, type ColumnFit } from './table-layout.ts';

const spacing = { gap: 10, inline: 20 };
// Side by side: 100 + 200 + 50 + 60 + 40 = 450, 4 gaps = 40, inline 20: 510 in all.
const columns: ColumnFit[] = [
  { key: 'trip', minWidth: 100 },
  { key: 'miles', minWidth: 50, foldable: true },
  { key: 'passenger', minWidth: 200 },
  { key: 'pay', minWidth: 60, foldable: true },
  { key: 'service', minWidth: 40, foldable: true },
];
const keys = (width: number) => [...foldedColumns(columns, width, spacing)];

describe('neededWidth', () => {
  it('adds the minimum widths, the gaps between columns and the inline space', () => {
    expect(neededWidth(columns, spacing)).toBe(510);
  });
  it('is the inline space alone without columns, and has no gap for one column', () => {
    expect(neededWidth([], spacing)).toBe(20);
    expect(neededWidth([columns[0]], spacing)).toBe(120);
  });
});

describe('foldedColumns', () => {
  it('folds nothing when every column fits, up to the exact width', () => {
    expect(keys(2000)).toEqual([]);
    expect(keys(510)).toEqual([]);
  });
  it('folds every foldable column, in column order, one pixel too narrow', () => {
    expect(keys(509)).toEqual(['miles', 'pay', 'service']);
  });
  it('folds the same columns however narrow the table, and never one that is not foldable', () => {
    // What is left needs 100 + 200 + 10 + 20 = 330; narrower than that the table scrolls sideways.
    expect(keys(330)).toEqual(['miles', 'pay', 'service']);
    expect(keys(100)).toEqual(['miles', 'pay', 'service']);
  });
  it('folds nothing when no column is foldable, however narrow', () => {
    expect([...foldedColumns([{ key: 'a', minWidth: 500 }], 100, spacing)]).toEqual([]);
  });
  it('folds nothing while the width is not measured yet', () => {
    expect(keys(0)).toEqual([]);
    expect(keys(-1)).toEqual([]);
  });
});
