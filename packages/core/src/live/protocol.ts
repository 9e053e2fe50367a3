import { z } from 'zod';
import { text } from '../api/text.ts';
import { IsoDate } from '../trips/model.ts';
import { LiveView, type WindowMember } from './window.ts';

export * from './window.ts';

/**
 * The found-set protocol of the live socket /api/live (spec 1 §7). The client asks for a found set
 * with `fetch` (its own subscription id, a table and a filter); the server answers FetchedFoundSet
 * with the rows, then FoundSetChanged with added/updated/removed as data changes, until `close`
 * (Unsubscribed). FoundSetInvalidated tells the client to fetch again; Error reports a refused
 * request. Every row passes the subscriber's row scope.
 *
 * Windowed found sets (opt-in, SyncDriveAssv only): a fetch may carry `view: { start, count, sort?,
 * q? }` (count 1–500; sort by dayOrder, referenceNumber, passName, time or status, asc or desc; q
 * the Home search text with its '!'). FetchedFoundSet then holds only the window's rows, as list
 * rows (core TripListRow), with `total`, `start` and `members`: every member in order as [id, key, modCount, flags] (window.ts).
 * FoundSetChanged carries rows in added/updated only for members inside the window; members
 * that joined or changed anywhere go in `members` (ids, keys and flags), with `total`; the client
 * inserts by key. `window { subscriptionId, start, count }` moves the window without evaluating
 * the set again and is answered FoundSetRows { subscriptionId, start, rows } in order with the
 * changes. Without `view` a found set answers every row, as it always has.
 */
export const LIVE_TABLES = ['SyncDriveAssv', 'VOGDelivery'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

export const SyncDriveAssvFilter = z
  .object({
    /** The pickup (service) date of the trips; may be left out when asking for one trip by id. */
    pickupDate: IsoDate.optional(),
    division: text().max(4).optional(),
    affiliateId: text().max(36).optional(),
    /** One trip, for trip inspect (spec 2 §7 "changes of a single SyncDriveAssv by id"). */
    id: text().max(36).optional(),
  })
  .refine((f) => f.pickupDate !== undefined || (f.id !== undefined && f.id !== ''), {
    message: 'A trip found set needs a pickupDate or a trip id',
    path: ['pickupDate'],
  });
export const VOGDeliveryFilter = z.object({ unread: z.literal(true).default(true), recipientId: text().max(36) });

// Two fetch shapes share type 'fetch', so they are told apart by table first (a flat union on
// 'type' with a repeated value is refused by zod at the first parse).
const LiveFetchMessage = z.discriminatedUnion('table', [
  z.object({
    type: z.literal('fetch'),
    subscriptionId: text().min(1).max(64),
    table: z.literal('SyncDriveAssv'),
    filter: SyncDriveAssvFilter,
    view: LiveView.optional(),
  }),
  z.object({
    type: z.literal('fetch'),
    subscriptionId: text().min(1).max(64),
    table: z.literal('VOGDelivery'),
    filter: VOGDeliveryFilter,
  }),
]);

export const LiveClientMessage = z.discriminatedUnion('type', [
  LiveFetchMessage,
  z.object({ type: z.literal('close'), subscriptionId: text().min(1).max(64) }),
  z.object({ type: z.literal('window'), subscriptionId: text().min(1).max(64), start: LiveView.shape.start, count: LiveView.shape.count }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

export type LiveServerMessage<Row = unknown> =
  | {
      type: 'FetchedFoundSet';
      subscriptionId: string;
      table: LiveTable;
      rows: Row[];
      /** With a view only. */
      total?: number;
      start?: number;
      members?: WindowMember[];
    }
  | {
      type: 'FoundSetChanged';
      subscriptionId: string;
      table: LiveTable;
      added: Row[];
      updated: Row[];
      removed: string[];
      /** With a view only: members that joined or changed, and the count of all members. */
      members?: WindowMember[];
      total?: number;
    }
  | { type: 'FoundSetRows'; subscriptionId: string; start: number; rows: Row[] }
  | { type: 'Unsubscribed'; subscriptionId: string }
  | { type: 'FoundSetInvalidated'; subscriptionId: string }
  | { type: 'Error'; subscriptionId?: string; message: string };

/** Live connection states (spec 1 §4). */
export const LIVE_CLOSED = 0;
export const LIVE_OPEN = 1;

/**
 * Close code of a live socket the server cannot serve right now: "try again later" (after
 * WebSocket's 1013 Try Again Later, in the application's 4000–4999 range). Used when the database
 * is not reachable, and when a socket too slow to keep up is closed for back-pressure. The client
 * treats it as a lost connection: it shows the screen's own text, reconnects with backoff and
 * fetches its found sets again.
 */
export const LIVE_CLOSE_TRY_AGAIN_LATER = 4013;
