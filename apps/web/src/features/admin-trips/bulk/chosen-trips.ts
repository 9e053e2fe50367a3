import { contract, driveAssignmentRows, type DriveAssignment, type QueryOf, type TripListRow } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/**
 * What a bulk action reads of the trips it applies to. The found set holds every member's id and
 * flags but only the list rows around what is in view; the rules need more of each chosen trip
 * (its date and zone for the same-day rule, its reference number to send, its partner's id to
 * assign), so they are read with one request, the lightest that answers them:
 * - every chosen row already held, and list rows are enough: none;
 * - every chosen row held (so their reference numbers are known) but the full trips are needed:
 *   the search narrowed to those reference numbers;
 * - otherwise: the search itself, which answers the batch the members are the first `limit` of.
 */

/** How the chosen trips are read: rows a list shows, or the full trips (the partner's id). */
export type ChosenView = 'list' | 'full';

/** The reference numbers criterion holds at most this many characters (GET drive-assignments). */
export const REFERENCE_TEXT_MAX = 2000;
/** The batch size of a search narrowed to reference numbers: room for as many as fit the criterion. */
const NARROWED_LIMIT = '1000';

export type ChosenRead =
  | { kind: 'held'; rows: TripListRow[] }
  | { kind: 'references'; query: Record<string, string> }
  | { kind: 'search'; query: Record<string, string> };

/** How to read the chosen trips: `held` gives the list row held for an id, `search` is the search's query. */
export function chosenRead(ids: readonly string[], held: (id: string) => TripListRow | undefined, view: ChosenView, search: Record<string, string>): ChosenRead {
  const rows: TripListRow[] = [];
  for (const id of ids) {
    const row = held(id);
    if (!row) return { kind: 'search', query: search };
    rows.push(row);
  }
  if (view === 'list') return { kind: 'held', rows };
  const referenceNumber = rows.map((r) => r.referenceNumber).join(',');
  if (rows.length > 0 && referenceNumber.length <= REFERENCE_TEXT_MAX) return { kind: 'references', query: { referenceNumber, limit: NARROWED_LIMIT } };
  return { kind: 'search', query: search };
}

/** The trips of `ids` among those read, in the order of `ids`; one that left the search since is not among them. */
export function pickChosen<T extends { id: string }>(ids: readonly string[], read: readonly T[]): T[] {
  const byId = new Map(read.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type SearchQuery = QueryOf<typeof contract.driveAssignments>;
const QUIET = [400, 403, 404] as const;

/** The list rows of the chosen trips (what every bulk action but Assign reads). */
export async function readChosenRows(ids: readonly string[], held: (id: string) => TripListRow | undefined, search: Record<string, string>): Promise<TripListRow[]> {
  const plan = chosenRead(ids, held, 'list', search);
  if (plan.kind === 'held') return plan.rows;
  const list = await callApi(driveAssignmentRows, { query: { ...plan.query, view: 'list' } as QueryOf<typeof driveAssignmentRows>, quiet: QUIET });
  return pickChosen(ids, list.rows);
}

/** The chosen trips in full (Assign weighs each trip's partner by its id). */
export async function readChosenTrips(ids: readonly string[], held: (id: string) => TripListRow | undefined, search: Record<string, string>): Promise<DriveAssignment[]> {
  const plan = chosenRead(ids, held, 'full', search);
  const query = plan.kind === 'held' ? search : plan.query;
  const list = await callApi(contract.driveAssignments, { query: query as SearchQuery, quiet: QUIET });
  return pickChosen(ids, list.rows);
}
