import { useCallback, useMemo, useRef } from 'react';
import { driveAssignmentRows, TripListRow, type DriveAssignment, type QueryOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { useWindowedFoundSet, type WindowedFoundSet } from '../../lib/use-windowed-found-set.ts';
import type { WindowRange } from '../../lib/windowed-set.ts';
import { readChosenRows, readChosenTrips } from './bulk/chosen-trips.ts';
import { httpSearchWindow, liveSearchRequest, type SearchList, type SearchView } from './live-search.ts';

export interface LiveSearch extends WindowedFoundSet<TripListRow> {
  /** Reads the search again (after a bulk action, or when asked with Refresh). */
  refresh(): Promise<void>;
  /** The list rows of these trips, read with at most one request. */
  readRows(ids: readonly string[]): Promise<TripListRow[]>;
  /** These trips in full, read with one request. */
  readTrips(ids: readonly string[]): Promise<DriveAssignment[]>;
}

const parse = (raw: unknown) => TripListRow.parse(raw);

/**
 * The staff search (GET drive-assignments' parameters) as a live windowed found set: the server
 * keeps the first `limit` matches, orders them by the view's column, leaves out outside partners
 * when asked and sends the rows around what is in view; the members and counts follow every change.
 * When the socket cannot be used, the HTTP search answers instead: read once per search (and again
 * on refresh), ordered and windowed here.
 */
export function useLiveSearch(query: Record<string, string> | null, view: SearchView): LiveSearch {
  const key = query ? JSON.stringify(query) : '';
  const { hideOutside } = view;
  const column = view.sort?.key ?? null;
  const dir = view.sort?.dir ?? 'asc';
  // Built from the texts, so the same search and view are the same request however they were built.
  const request = useMemo(
    () => (key ? liveSearchRequest(JSON.parse(key) as Record<string, string>, { sort: column ? { key: column, dir } : null, hideOutside }) : null),
    [key, column, dir, hideOutside],
  );

  // The HTTP search's answer, kept for the window to move over without asking again.
  const answered = useRef<{ key: string; list: SearchList } | null>(null);
  const latest = useRef({ key, query, view });
  latest.current = { key, query, view };
  const load = useCallback(async (window: WindowRange, signal: AbortSignal) => {
    const { key: asked, query: params, view: shown } = latest.current;
    let list = answered.current?.key === asked ? answered.current.list : null;
    if (!list) {
      const q = { ...params, view: 'list' } as QueryOf<typeof driveAssignmentRows>;
      list = await callApi(driveAssignmentRows, { query: q, signal, quiet: [400] });
      answered.current = { key: asked, list };
    }
    return httpSearchWindow(list, shown, window, new Date());
  }, []);

  const found = useWindowedFoundSet<TripListRow>({ request, parse, load });
  const { members, rowAt, reload } = found;

  const refresh = useCallback(() => {
    answered.current = null;
    return reload();
  }, [reload]);

  /** The list row held of a trip: in the window, else in the HTTP search's answer when as new as its member. */
  const held = useMemo(() => {
    let at: Map<string, number> | null = null;
    let kept: Map<string, TripListRow> | null = null;
    return (id: string) => {
      at ??= new Map(members.map((m, i) => [m[0], i]));
      const i = at.get(id);
      if (i === undefined) return undefined;
      const row = rowAt(i);
      if (row) return row;
      const answer = answered.current?.key === latest.current.key ? answered.current.list : null;
      kept ??= new Map(answer?.rows.map((r) => [r.id, r]));
      const copy = kept.get(id);
      return copy && copy.modCount >= members[i][2] ? copy : undefined;
    };
  }, [members, rowAt]);

  const readRows = useCallback((ids: readonly string[]) => readChosenRows(ids, held, latest.current.query ?? {}), [held]);
  const readTrips = useCallback((ids: readonly string[]) => readChosenTrips(ids, held, latest.current.query ?? {}), [held]);

  return { ...found, refresh, readRows, readTrips };
}
