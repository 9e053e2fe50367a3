import type { VOGDeliveryFilter, VogDelivery } from '@tripline/core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { LiveSource } from '../../platform/live/source.ts';
import { tripVisibleTo } from '../../platform/scope.ts';
import { findDeliveries } from '../notifications/deliveries.ts';
import { portalLiveJson, presentsPortal } from '../portal-trips/present.ts';
import { tripJsonCacheFor } from '../trips/day-list.ts';
import { findTripsJson, findTripsJsonInParts, type TripJson, type TripKeys } from '../trips/repository.ts';
import { EVALUATION_PARTS, loadStampedTrips, memberOf, tripsJson, versionOf, type MemberRecord, type StampedTrip } from './trip-rows.ts';
import { authorizeSearch, searchSelection, type TripSetFilter } from './search-filter.ts';
import type { SearchDeps } from './search-set.ts';
import { narrowTripFilter, toTripFilter, tripMatches } from './trip-filter.ts';

/**
 * SyncDriveAssv (spec 1 §7): trips of a pickup date, read through the same repository as the HTTP
 * list. Each trip's JSON is kept as PostgreSQL built it and sent as it is: a day of thousands of
 * trips is never parsed or serialised here, and a reloaded trip compares with the same text. The
 * row the fan-out tests is only the trip's keys (filter fields and row scope). A windowed found set
 * keeps each trip's keys, version stamp and member (sort key, flags, Home search text) only, and
 * reads the JSON of the rows its windows show from a per-trip cache kept by stamp, as the day list.
 * A live staff search (filter `{ search }`, with a view) is such a set whose members a query
 * decides: its first `limit` matches in day order (search-set.ts).
 */
export function tripSource(deps: SearchDeps, cache = tripJsonCacheFor(deps.pool)): LiveSource<TripSetFilter, TripKeys> {
  const { pool, clock } = deps;
  const built = new WeakMap<TripKeys, string>();
  const keep = (found: TripJson[]) =>
    found.map(({ trip, json }) => {
      built.set(trip, json);
      return trip;
    });
  return {
    table: 'SyncDriveAssv',
    changedBy: ['drive_assignments', 'trip_legs', 'partner_activities'],
    authorize(user, filter) {
      if (filter.search) return authorizeSearch(user, filter.search, clock.now());
      const narrowed = narrowTripFilter(user, filter);
      return narrowed ? { filter: narrowed } : { empty: true };
    },
    evaluate: async (filter) => keep(await findTripsJsonInParts(pool, toTripFilter(filter))),
    load: async (ids) => keep(await findTripsJson(pool, { ids })),
    matches: tripMatches,
    visibleTo: tripVisibleTo,
    json: (trip) => built.get(trip) ?? JSON.stringify(trip),
    // case managers and passengers receive each trip as the portal shows it
    present: (user) => (presentsPortal(user) ? (json) => portalLiveJson(user, json, clock.now()) : null),
    windowed: {
      evaluate: async (filter) => loadStampedTrips(pool, cache, toTripFilter(filter), true, EVALUATION_PARTS),
      load: (ids, reading) => loadStampedTrips(pool, cache, { ids }, !reading),
      member: (query, record) => memberOf(record as MemberRecord, query, clock.now()),
      version: (trip) => versionOf(trip as StampedTrip),
      rowsJson: (trips) => tripsJson(pool, cache, trips as StampedTrip[]),
      selection: (filter, user) => searchSelection(deps, filter, user),
    },
  };
}

type DeliveryFoundSetFilter = z.output<typeof VOGDeliveryFilter>;

export const OWN_NOTIFICATIONS_ONLY = 'You can only receive your own notifications';

/** VOGDelivery (spec 1 §7): a user's unread notification deliveries. */
export function deliverySource(pool: Pool): LiveSource<DeliveryFoundSetFilter, VogDelivery> {
  return {
    table: 'VOGDelivery',
    changedBy: ['notification_deliveries'],
    authorize(user, filter) {
      if (filter.recipientId.toLowerCase() !== user.id) return { error: OWN_NOTIFICATIONS_ONLY };
      return { filter: { unread: true, recipientId: user.id } };
    },
    evaluate: (filter) => findDeliveries(pool, { recipientId: filter.recipientId, unreadOnly: true }),
    load: (ids) => findDeliveries(pool, { ids }),
    matches: (filter, d) => d.unread && d.recipientId === filter.recipientId,
    visibleTo: (user, d) => d.recipientId === user.id,
  };
}
