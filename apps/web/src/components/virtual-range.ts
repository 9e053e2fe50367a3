export interface RangeInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Rows rendered beyond each edge, so fast scrolling does not show blank space. */
  overscan: number;
}

/** The rows to render for a scroll position: [start, end) of the list. */
export function visibleRange({ scrollTop, viewportHeight, rowHeight, count, overscan }: RangeInput): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  // Before the viewport is measured, render one screenful rather than nothing.
  const shown = viewportHeight > 0 ? Math.ceil(viewportHeight / rowHeight) : 20;
  const start = Math.max(0, Math.min(first, count - 1) - overscan);
  const end = Math.min(count, first + shown + overscan);
  return { start, end: Math.max(end, start) };
}
