import { memo, type ReactNode } from 'react';
import type { TableLayout } from './VirtualTable.tsx';
import classes from './virtual-table.module.css';

/** The cells of one row of a VirtualTable: loaded, or a placeholder while it loads. */

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export const cellClass = (c: { numeric?: boolean; cellClassName?: string }, base?: string) =>
  [base, c.numeric && classes.numeric, c.cellClassName].filter(Boolean).join(' ') || undefined;

export interface CellsProps<T, C> {
  item: T;
  context: C;
  layout: TableLayout<T, C>;
  minHeight: number;
  gap: number;
  padding: number;
}

/** A row's cells, then the detail line with the folded columns. Memoised: a live change re-renders only the rows it touched. */
export const RowCells = memo(
  function RowCells<T, C>({ item, context, layout, minHeight, gap, padding }: CellsProps<T, C>) {
    return (
      <>
        <div className={classes.main} style={{ gridTemplateColumns: layout.template, columnGap: gap, paddingInline: padding, minHeight }}>
          {layout.shown.map((c) => (
            <div key={c.key} role="cell" className={cellClass(c, classes.cell)} data-column={c.key}>
              {c.cell(item, context)}
            </div>
          ))}
        </div>
        {layout.folded.length > 0 && (
          <div role="cell" className={classes.detail} style={{ paddingInline: padding, columnGap: gap * 2 }} data-column="detail">
            {layout.folded.map((c) => (
              <span key={c.key} className={classes.detailItem} data-column={c.key}>
                <span className={classes.detailLabel}>{c.label}</span> {(c.detail ?? c.cell)(item, context)}
              </span>
            ))}
          </div>
        )}
      </>
    );
  },
  (a, b) => a.item === b.item && a.layout === b.layout && a.minHeight === b.minHeight && shallowEqual(a.context, b.context),
) as <T, C>(props: CellsProps<T, C>) => ReactNode;

/** A row not loaded yet: as tall as a loaded one (its detail line too), a bar in place of its values. */
export function LoadingCells<T, C>({ layout, minHeight, gap, padding }: Omit<CellsProps<T, C>, 'item' | 'context'>) {
  return (
    <>
      <div className={classes.main} style={{ gridTemplateColumns: layout.template, columnGap: gap, paddingInline: padding, minHeight }}>
        <div role="cell" className={classes.loading} style={{ gridColumn: '1 / -1' }}>
          <span className={classes.loadingText}>Loading…</span>
        </div>
      </div>
      {layout.folded.length > 0 && (
        <div className={classes.detail} style={{ paddingInline: padding }} aria-hidden>
          <span className={classes.detailItem}>
            <span className={classes.detailLabel}>&nbsp;</span>&nbsp;
          </span>
        </div>
      )}
    </>
  );
}
