import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { foldedColumns, neededWidth, type ColumnFit } from './table-layout.ts';
import { LoadingCells, RowCells, cellClass } from './VirtualTableCells.tsx';
import classes from './virtual-table.module.css';

/** One column of a VirtualTable. `C` is what a row passes to its cells besides the item. */
export interface TableColumn<T, C> extends ColumnFit {
  /** The column's name: its header unless `header` says otherwise, and its label in the detail line. */
  label: string;
  /** Grid track while the column is shown, e.g. '84px' or 'minmax(120px, 1fr)'. */
  width: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Class of the column's cells (header included). */
  cellClassName?: string;
  cell(item: T, context: C): ReactNode;
  /** The value in one line, as the detail line shows it once the column folds (with `foldable`). */
  detail?(item: T, context: C): ReactNode;
}

export interface TableLayout<T, C> {
  shown: readonly TableColumn<T, C>[];
  folded: readonly TableColumn<T, C>[];
  template: string;
}

type RowAttributes = HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;

export interface VirtualTableProps<T, C> {
  /** The rows in order; undefined for one not loaded yet, drawn as a placeholder of a row's height (aria-busy). */
  items: readonly (T | undefined)[];
  columns: readonly TableColumn<T, C>[];
  /** Accessible name of the table. */
  label: string;
  /** Height (px) of a row's main line; a row with folded columns grows by its detail line. */
  rowHeight: number;
  overscan?: number;
  /** Space between columns and at each side of the rows (px). */
  gap?: number;
  padding?: number;
  getKey(item: T): string;
  /** The key of the row at a place, loaded or not (for items with placeholders); getKey otherwise. */
  keyAt?(index: number): string;
  /** Called with the first and last rows in view (without overscan) whenever they change. */
  onRangeChange?(first: number, last: number): void;
  /** The list scrolls back to its top whenever this changes (a new order or search). */
  scrollResetKey?: string;
  /** What a row's cells need besides the item; rows re-render only when it changes (shallowly). */
  rowContext(item: T): C;
  rowProps?(item: T): RowAttributes;
  /** Contents of a column's header cell (default: its label). */
  renderHeader?(column: TableColumn<T, C>): ReactNode;
  /** aria-sort of a column's header, for tables sorted by their headers. */
  sortOf?(column: TableColumn<T, C>): 'ascending' | 'descending' | 'none' | undefined;
  /** Rows take the keyboard: Tab reaches them, the arrow keys, Page Up/Down, Home and End move between them. */
  focusableRows?: boolean;
  /** Called on every scroll with the part of the screen where rows show (below the sticky header). */
  onScroll?(rowsInView: { top: number; bottom: number }): void;
  className?: string;
  rowClassName?: string;
  headerClassName?: string;
  style?: CSSProperties;
}

// The table's border and a row's accent border, beside the padding.
const EDGES = 6;

/**
 * A table that renders only the rows in view (plus overscan), measuring each so rows may differ in
 * height. The columns that fit stay side by side; when the table is narrower than they need, the
 * columns that matter least fold into a detail line under each row's main line.
 */
export function VirtualTable<T, C>({
  items,
  columns,
  label,
  rowHeight,
  overscan = 8,
  gap = 8,
  padding = 12,
  getKey,
  keyAt,
  onRangeChange,
  scrollResetKey,
  rowContext,
  rowProps,
  renderHeader,
  sortOf,
  focusableRows = false,
  onScroll: onScrolled,
  className,
  rowClassName,
  headerClassName,
  style,
}: VirtualTableProps<T, C>) {
  const scroller = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [headerHeight, setHeaderHeight] = useState(0);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setHeaderHeight(headerRef.current?.offsetHeight ?? 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const spacing = { gap, inline: 2 * padding + EDGES };
  const foldedKeys = [...foldedColumns(columns, width, spacing)].join(' ');
  const layout = useMemo<TableLayout<T, C>>(() => {
    const folded = new Set(foldedKeys.split(' '));
    const shown = columns.filter((c) => !folded.has(c.key));
    return { shown, folded: columns.filter((c) => folded.has(c.key)), template: shown.map((c) => c.width).join(' ') };
  }, [columns, foldedKeys]);
  const minWidth = neededWidth(layout.shown, spacing);
  // A first guess at a row's height, before it is measured: the detail line is one line of small text.
  const estimate = rowHeight + 1 + (layout.folded.length > 0 ? 18 : 0);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    getItemKey: (index) => {
      if (keyAt) return keyAt(index);
      const item = items[index];
      return item === undefined ? `loading-${index}` : getKey(item);
    },
    overscan,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
  });
  // Each drawn row is measured as it mounts and again whenever its height changes (folding, wrapping).

  const range = virtualizer.range;
  const first = range?.startIndex ?? -1;
  const last = range?.endIndex ?? -1;
  useEffect(() => {
    if (onRangeChange && first >= 0 && last >= first) onRangeChange(first, last);
  }, [onRangeChange, first, last]);

  const resetKey = useRef(scrollResetKey);
  useEffect(() => {
    if (resetKey.current === scrollResetKey) return;
    resetKey.current = scrollResetKey;
    scroller.current?.scrollTo({ top: 0 });
  }, [scrollResetKey]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!onScrolled || !el) return;
    const box = el.getBoundingClientRect();
    onScrolled({ top: box.top + (headerRef.current?.offsetHeight ?? 0), bottom: box.bottom });
  }, [onScrolled]);

  /** Brings row `index` into view (rendering it if it was not), then puts the keyboard on it. */
  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const row = scroller.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
        if (row) row.focus({ preventScroll: true });
        if ((!row || virtualizer.isScrolling) && ++tries < 30) requestAnimationFrame(attempt);
        else if (row) row.scrollIntoView({ block: 'nearest' });
      };
      requestAnimationFrame(attempt);
    },
    [virtualizer],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = e.target as HTMLElement;
    if (!focusableRows || e.defaultPrevented || row.getAttribute('role') !== 'row' || row.dataset.index === undefined) return;
    const at = Number(row.dataset.index);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / estimate) - 1);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + page, PageUp: at - page, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const target = Math.max(0, Math.min(items.length - 1, to));
    if (target !== at) focusRow(target);
  };

  return (
    <div
      ref={scroller}
      role="table"
      aria-label={label}
      aria-rowcount={items.length + 1}
      onScroll={onScrolled ? onScroll : undefined}
      className={className ? `${classes.table} ${className}` : classes.table}
      style={{ scrollPaddingTop: headerHeight, ...style }}
    >
      <div style={{ minWidth }}>
        <div ref={headerRef} role="rowgroup" className={classes.head}>
          <div
            role="row"
            aria-rowindex={1}
            className={headerClassName ? `${classes.main} ${headerClassName}` : classes.main}
            style={{ gridTemplateColumns: layout.template, columnGap: gap, paddingInline: padding }}
          >
            {layout.shown.map((c) => (
              <div key={c.key} role="columnheader" aria-sort={sortOf?.(c)} className={cellClass(c)} data-column={c.key}>
                {renderHeader ? renderHeader(c) : c.label}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() - headerHeight }} onKeyDown={onKeyDown}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            // a row not loaded yet is a placeholder of a row's height, busy until it comes
            const props = item === undefined ? { 'aria-busy': true as const } : rowProps?.(item);
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                role="row"
                aria-rowindex={row.index + 2}
                tabIndex={focusableRows ? 0 : undefined}
                {...props}
                className={[classes.row, rowClassName, props?.className].filter(Boolean).join(' ')}
                style={{ transform: `translateY(${row.start - headerHeight}px)` }}
              >
                {item === undefined ? (
                  <LoadingCells layout={layout} minHeight={rowHeight} gap={gap} padding={padding} />
                ) : (
                  <RowCells item={item} context={rowContext(item)} layout={layout} minHeight={rowHeight} gap={gap} padding={padding} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
