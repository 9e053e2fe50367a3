/** The found-set pager of trip inspect (spec 3 §2: Prev/Next, n of total). */
export interface PagerState {
  label: string;
  prev: number | null;
  next: number | null;
}

/**
 * Where Prev and Next lead from `index` in a found set of `total` trips (null: no further trip).
 * `away` says the shown trip is not the found set's (a related trip was opened): the pager then
 * offers the way back to where it was.
 */
export function pagerState(index: number, total: number, away = false): PagerState {
  if (total <= 0) return { label: '0 of 0', prev: null, next: null };
  const at = Math.min(Math.max(index, 0), total - 1);
  if (away) return { label: `Not in the results (was ${at + 1} of ${total})`, prev: at, next: at };
  return { label: `${at + 1} of ${total}`, prev: at > 0 ? at - 1 : null, next: at < total - 1 ? at + 1 : null };
}

/** The pager's keys: Alt+Left and Alt+Right (also Alt+Up and Alt+Down), documented in its tooltip. */
export const PAGER_KEYS = { prev: 'alt+ArrowLeft', next: 'alt+ArrowRight', prevAlt: 'alt+ArrowUp', nextAlt: 'alt+ArrowDown' } as const;
export const PAGER_HINT = 'Alt+← previous trip, Alt+→ next trip';
