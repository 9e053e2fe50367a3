/** What the layout of a table needs to know about one column. */
export interface ColumnFit {
  key: string;
  /** The narrowest the column may be (px) before its contents no longer read. */
  minWidth: number;
  /** A column that matters less: it moves into the detail line under the row's main line when the table is narrow. */
  foldable?: boolean;
}

export interface TableSpacing {
  /** Space between two columns (px). */
  gap: number;
  /** Space left and right of the columns together, borders included (px). */
  inline: number;
}

/** The width (px) the given columns need side by side. */
export function neededWidth(columns: readonly ColumnFit[], { gap, inline }: TableSpacing): number {
  if (columns.length === 0) return inline;
  return columns.reduce((sum, c) => sum + c.minWidth, 0) + gap * (columns.length - 1) + inline;
}

/**
 * The columns that fold into the detail line at a given table width (px). When every column fits
 * side by side, none. Otherwise all foldable columns fold together: the detail line costs each row
 * a line of height whatever it holds, so it takes them all and leaves the room to the columns that
 * matter (a partial fold would cost the same height and keep them cramped). When what is left still
 * does not fit, the table scrolls sideways: its minimum width is what the kept columns need.
 * An unmeasured width (0 or less) folds nothing.
 */
export function foldedColumns(columns: readonly ColumnFit[], width: number, spacing: TableSpacing): Set<string> {
  if (width <= 0 || neededWidth(columns, spacing) <= width) return new Set();
  return new Set(columns.filter((c) => c.foldable).map((c) => c.key));
}
