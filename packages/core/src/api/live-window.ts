import { z } from 'zod';
import { serverKey, text } from './text.ts';
import { endpoint } from './endpoint.ts';
import { TripListRow } from '../trips/list-row.ts';
import { IsoDate } from '../trips/model.ts';
import { WINDOW_MAX_COUNT, WINDOW_MAX_Q, WINDOW_SORT_KEYS } from '../live/window.ts';

const Whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} is a whole number` })
    .int(`${name} is a whole number`)
    .min(min, `${name} is at least ${min}`)
    .max(max, `${name} is at most ${max.toLocaleString('en-US')}`);

/**
 * A window of a day's trips over HTTP: the twin of a live fetch with a view (live/window.ts), for
 * when the socket cannot be used. The same filter (pickupDate, affiliateId, division), the same
 * order and Home search text; `offset` and `limit` are the view's start and count.
 */
export const TripWindowQuery = z.object({
  pickupDate: IsoDate,
  affiliateId: text().trim().max(36, 'Not a record id').optional(),
  division: text().trim().max(4, 'Not a division code').optional(),
  offset: Whole('offset', 0, 1_000_000).default(0),
  limit: Whole('limit', 1, WINDOW_MAX_COUNT).default(100),
  sort: z.enum(WINDOW_SORT_KEYS, { error: `Sort by ${WINDOW_SORT_KEYS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Direction is asc or desc' }).optional(),
  /** The Home search text, with its '!'. */
  q: text().max(WINDOW_MAX_Q, `Search text has at most ${WINDOW_MAX_Q} characters`).optional(),
});
export type TripWindowQuery = z.output<typeof TripWindowQuery>;

// A key joins its column's value and the day order with NUL separators (live/sort-keys.ts): a plain string.
const Member = z.tuple([text(), serverKey(), z.number().int(), z.number().int()]);

/** The answer: the window's list rows, where it starts, every member in order, and their count. */
export const TripWindow = z.object({
  rows: z.array(TripListRow),
  start: z.number().int(),
  total: z.number().int(),
  members: z.array(Member),
});
export type TripWindow = z.output<typeof TripWindow>;

export const liveWindowEndpoints = {
  tripWindow: endpoint({
    method: 'GET',
    path: 'drive-assignments-window',
    area: 'trips',
    summary:
      "A window of the caller's trips of a day, as a live fetch with a view answers it: the list rows from offset (at most limit), every member as [id, key, modCount, flags] in the chosen order, and their count. The Home list's fallback when live updates are not available.",
    access: { signedIn: true },
    query: TripWindowQuery,
    response: TripWindow,
  }),
};
