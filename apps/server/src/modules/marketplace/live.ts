import {
  isOffered,
  isStaff,
  marketplaceFilterProblem,
  marketplaceRow,
  marketplaceState,
  MARKETPLACE_DEFAULT_RANGE,
  operatorToday,
  type MarketplaceRecord,
  type MarketplaceTripFilter,
} from '@tripline/core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { Clock } from '../../platform/clock.ts';
import type { LiveSource } from '../../platform/live/source.ts';
import { offeredOfDay, partnerRowShared } from './kept.ts';
import { readOffered } from './records.ts';

type Filter = z.output<typeof MarketplaceTripFilter>;

/** A found-set row: the offered trip as read, shown to each subscriber through marketplaceRow. */
export interface OfferedRow {
  id: string;
  record: MarketplaceRecord;
}

export const MARKETPLACE_LIVE_REFUSED = 'The marketplace is for partners and staff';

const mayWatch = (user: SessionUser) => isStaff(user) || user.partnerId !== null;

/**
 * MarketplaceTrip: the offered trips of a date. A set is shared by every subscriber
 * of the date; each row is kept as read (never with a passenger's name, phone or member id) and
 * every subscriber receives it through core marketplaceRow, so a partner's copy is redacted and
 * its state (available, reserved until) is the partner's own. A partner that declined a trip does
 * not receive it. A claim, cancel or withdrawal makes the trip stop matching: it leaves every set.
 */
export function marketplaceSource(pool: Pool, clock: Clock): LiveSource<Filter, OfferedRow> {
  const rows = async (where: string, params: unknown[]) =>
    (await readOffered(pool, where, params, { withPassenger: false })).map((t): OfferedRow => ({ id: t.record.id, record: t.record }));
  return {
    table: 'MarketplaceTrip',
    changedBy: ['drive_assignments', 'trip_legs'],
    authorize(user, filter) {
      if (!mayWatch(user)) return { error: MARKETPLACE_LIVE_REFUSED };
      const problem = marketplaceFilterProblem({ date: filter.date, range: MARKETPLACE_DEFAULT_RANGE }, operatorToday(clock.now()));
      return problem ? { error: problem.message } : { filter: { date: filter.date } };
    },
    // a day's set starts from the trips the HTTP list keeps (kept.ts)
    evaluate: async (filter) => (await offeredOfDay(pool, filter.date)).offers.map((k): OfferedRow => ({ id: k.trip.record.id, record: k.trip.record })),
    load: (ids) => rows('da.id = any($1::uuid[])', [ids]),
    matches: (filter, row) => row.record.serviceDate === filter.date && isOffered(row.record, clock.now()),
    visibleTo: (user, row) => isStaff(user) || (user.partnerId !== null && !row.record.declinedBy.includes(user.partnerId)),
    // every subscriber gets its own view of the row; the kept text is never sent as it is
    present: (user) => {
      if (isStaff(user)) return (json) => JSON.stringify(marketplaceRow((JSON.parse(json) as OfferedRow).record, { partnerId: null, staff: true }, clock.now()));
      const partnerId = user.partnerId;
      return (json) => {
        const shown = partnerShared(json);
        const state = marketplaceState(shown.record, partnerId, clock.now());
        const until = state === 'reserved' ? JSON.stringify(shown.record.marketplaceUntil) : 'null';
        return `${shown.base},"state":"${state}","reservedUntil":${until}}`;
      };
    },
  };
}

/**
 * A row's partner view without its per-partner state, made once per row version however many
 * partners receive it (a day of thousands of rows is sent to every partner watching it).
 */
const sharedByJson = new Map<string, { record: MarketplaceRecord; base: string }>();
const SHARED_AT_MOST = 10_000;
function partnerShared(json: string): { record: MarketplaceRecord; base: string } {
  let shown = sharedByJson.get(json);
  if (!shown) {
    const { record } = JSON.parse(json) as OfferedRow;
    shown = { record, base: partnerRowShared(record).base };
    if (sharedByJson.size >= SHARED_AT_MOST) sharedByJson.clear();
    sharedByJson.set(json, shown);
  }
  return shown;
}
