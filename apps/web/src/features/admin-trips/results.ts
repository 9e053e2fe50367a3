import { SEARCH_SORT_KEYS, type SearchSortKey, type TripSearchParam } from '@tripline/core';

/**
 * The results table's order (spec 2 §2): the columns a dispatcher sorts by are the live search's
 * sort keys (core SEARCH_SORT_KEYS), so the server orders the whole batch, empty values last in
 * both directions and equal values in the day's order.
 */
export const SORT_KEYS = SEARCH_SORT_KEYS;
export type SortKey = SearchSortKey;

export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** The table's order in the address (`sort=priority`, `sort=-priority` descending), so a reload keeps it. */
export function sortToParam(sort: Sort | null): string | null {
  return sort ? `${sort.dir === 'desc' ? '-' : ''}${sort.key}` : null;
}

/** The order named by the address; none for anything else. */
export function sortFromParam(raw: string | null): Sort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const key = desc ? raw.slice(1) : raw;
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, dir: desc ? 'desc' : 'asc' } : null;
}

/** Clicking a header: a new column sorts ascending, the same column flips, a third click returns to the day's order. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/**
 * Whether outside partners start shown: a search that names a partner (affiliateId) or asks for
 * outside partners (inHouse=false) wants to see them; otherwise they are hidden (spec 2 §6).
 */
export function showOutsideByDefault(fields: Pick<Record<TripSearchParam, string>, 'affiliateId' | 'inHouse'>): boolean {
  return fields.affiliateId !== '' || fields.inHouse === 'false';
}
