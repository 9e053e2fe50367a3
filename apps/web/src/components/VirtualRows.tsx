import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { visibleRange } from './virtual-range.ts';

export interface VirtualRowsProps<T> {
  items: readonly T[];
  /** Every row has this height (px): that is what makes thousands of rows cheap. */
  rowHeight: number;
  overscan?: number;
  /** Accessible name of the table. */
  label: string;
  /** The header row's cells (role="columnheader"). */
  header: ReactNode;
  /** Width below which the table scrolls sideways. */
  minWidth?: number;
  getKey(item: T): string;
  renderRow(item: T, index: number): ReactNode;
  rowProps?(item: T): HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;
  style?: CSSProperties;
  className?: string;
  /** Called on every scroll with the part of the screen where rows show (below the sticky header). */
  onScroll?: (rowsInView: { top: number; bottom: number }) => void;
}

/**
 * A table that renders only the rows in view (plus overscan). Rows are absolutely placed in a
 * spacer as tall as the whole list, so the scroll bar and aria-rowcount describe every row.
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  overscan = 8,
  label,
  header,
  minWidth,
  getKey,
  renderRow,
  rowProps,
  style,
  className,
  onScroll: onScrolled,
}: VirtualRowsProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight - (headerRef.current?.offsetHeight ?? 0));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (onScrolled && el) {
      const box = el.getBoundingClientRect();
      onScrolled({ top: box.top + (headerRef.current?.offsetHeight ?? 0), bottom: box.bottom });
    }
    // One state update per animation frame, however many scroll events arrive.
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setScrollTop(scroller.current?.scrollTop ?? 0);
    });
  }, [onScrolled]);

  const { start, end } = visibleRange({ scrollTop, viewportHeight: viewport, rowHeight, count: items.length, overscan });
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const item = items[i];
    rows.push(
      <div
        key={getKey(item)}
        role="row"
        aria-rowindex={i + 2}
        {...rowProps?.(item)}
        style={{ position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight }}
      >
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      role="table"
      aria-label={label}
      aria-rowcount={items.length + 1}
      onScroll={onScroll}
      className={className}
      style={{ overflow: 'auto', position: 'relative', ...style }}
    >
      <div style={{ minWidth }}>
        <div ref={headerRef} role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 2 }}>
          <div role="row" aria-rowindex={1}>
            {header}
          </div>
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: items.length * rowHeight }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
