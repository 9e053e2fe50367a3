import { z } from 'zod';
import { text } from '../api/text.ts';
import { IsoDate } from '../trips/model.ts';
import { LIVE_SEARCH_MSG, LiveSearch } from './search.ts';
import { LiveView, type WindowMember } from './window.ts';

export * from './search.ts';
export * from './window.ts';

/**
 * The found-set protocol of the live socket /api/live (spec 1 §7). The client asks for a found set
 * with `fetch` (its own subscription id, a table and a filter); the server answers FetchedFoundSet
 * with the rows, then FoundSetChanged with added/updated/removed as data changes, until `close`
 * (Unsubscribed). FoundSetInvalidated tells the client to fetch again; Error reports a refused
 * request. Every row passes the subscriber's row scope.
 *
 * Windowed found sets (opt-in, SyncDriveAssv only): a fetch may carry `view: { start, count, sort?,
 * q?, hideOutside? }` (count 1–500; sort by a WINDOW_SORT_KEYS column, asc or desc, empty values
 * last either way and equal values in day order; q the Home search text with its '!';
 * hideOutside leaves outside partners' trips out). FetchedFoundSet then holds only the window's
 * rows, as list rows (core TripListRow), with `total` (the members' count), `start` and `members`:
 * every member in order as [id, key, modCount, flags] (window.ts; flags MEMBER_FLAG, among them
 * `outside`). FoundSetChanged carries rows in added/updated only for members inside the window;
 * members that joined or changed anywhere go in `members` (ids, keys and flags), with `total`; the
 * client inserts by key (compareMembers). `window { subscriptionId, start, count }` moves the window
 * without evaluating the set again and is answered FoundSetRows { subscriptionId, start, rows } in
 * order with the changes. Without `view` a found set answers every row, as it always has.
 *
 * The live staff search (search.ts): a SyncDriveAssv fetch with filter `{ search }` (the GET
 * drive-assignments search parameters as text, and nothing else in the filter) and a `view`, for
 * users of /admin/trips only. Its set holds the first `limit` matches (100, 250, 500 or 1000; 250
 * when absent) in day order, within the caller's scope; `sort` orders them for display. Its
 * FetchedFoundSet and every FoundSetChanged also carry `matches`, every match in the caller's scope
 * (more than the members while the batch cuts the search: the screen shows the truncation text),
 * and `hidden`, how many of the held matches hideOutside leaves out. A match that leaves is
 * replaced by the next in day order; a change that alters only these counts is sent with empty
 * lists. Relative days ("+3", "today") follow the operator's date: at midnight the set is read
 * again and its subscribers are sent the difference. Criteria the HTTP search refuses are refused
 * with its message, as are a `limit` off the screen's sizes and a search too broad to answer in
 * time (SEARCH_MSG.TOO_BROAD), each as an Error of that subscription.
 */
export const LIVE_TABLES = ['SyncDriveAssv', 'VOGDelivery', 'MarketplaceTrip'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

export const SyncDriveAssvFilter = z
  .object({
    /** The pickup (service) date of the trips; may be left out when asking for one trip by id. */
    pickupDate: IsoDate.optional(),
    division: text().max(4).optional(),
    affiliateId: text().max(36).optional(),
    /** One trip, for trip inspect (spec 2 §7 "changes of a single SyncDriveAssv by id"). */
    id: text().max(36).optional(),
    /** The live staff search: GET drive-assignments' search parameters, alone in the filter. */
    search: LiveSearch.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.search !== undefined) {
      const other = (['pickupDate', 'division', 'affiliateId', 'id'] as const).find((k) => f[k] !== undefined);
      if (other) ctx.addIssue({ code: 'custom', path: [other], message: LIVE_SEARCH_MSG.OTHER_FIELDS });
    } else if (f.pickupDate === undefined && (f.id === undefined || f.id === '')) {
      ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: 'A trip found set needs a pickupDate or a trip id' });
    }
  });
export const VOGDeliveryFilter = z.object({ unread: z.literal(true).default(true), recipientId: text().max(36) });
/**
 * MarketplaceTrip: the offered trips of a service date, for partners and staff. Rows
 * are marketplace rows (core MarketplaceTripRow) as the subscriber may see them: redacted for a
 * partner, without the caller's rate, distance or Out-Of-Area (GET marketplace-trips has those).
 * A trip claimed, canceled or withdrawn leaves every subscriber's set (removed).
 */
export const MarketplaceTripFilter = z.object({ date: IsoDate });

// Two fetch shapes share type 'fetch', so they are told apart by table first (a flat union on
// 'type' with a repeated value is refused by zod at the first parse).
const LiveFetchMessage = z.discriminatedUnion('table', [
  z
    .object({
      type: z.literal('fetch'),
      subscriptionId: text().min(1).max(64),
      table: z.literal('SyncDriveAssv'),
      filter: SyncDriveAssvFilter,
      view: LiveView.optional(),
    })
    .refine((m) => m.filter.search === undefined || m.view !== undefined, { path: ['view'], message: LIVE_SEARCH_MSG.NEEDS_VIEW }),
  z.object({
    type: z.literal('fetch'),
    subscriptionId: text().min(1).max(64),
    table: z.literal('VOGDelivery'),
    filter: VOGDeliveryFilter,
  }),
  z.object({
    type: z.literal('fetch'),
    subscriptionId: text().min(1).max(64),
    table: z.literal('MarketplaceTrip'),
    filter: MarketplaceTripFilter,
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
      /** A search only: every match in the caller's scope, and the held matches hideOutside leaves out. */
      matches?: number;
      hidden?: number;
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
      /** A search only, as in FetchedFoundSet. */
      matches?: number;
      hidden?: number;
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
