import { toMember, type DriveAssignment, type VOGDeliveryFilter, type VogDelivery } from '@tripline/core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { LiveSource } from '../../platform/live/source.ts';
import { tripVisibleTo } from '../../platform/scope.ts';
import { findDeliveries } from '../notifications/deliveries.ts';
import { findTripsJson, findTripsJsonInParts, type TripJson, type TripKeys } from '../trips/repository.ts';
import { narrowTripFilter, toTripFilter, tripMatches, type TripFoundSetFilter } from './trip-filter.ts';

/**
 * SyncDriveAssv (spec 1 §7): trips of a pickup date, read through the same repository as the HTTP
 * list. Each trip's JSON is kept as PostgreSQL built it and sent as it is: a day of thousands of
 * trips is never parsed or serialised here, and a reloaded trip compares with the same text. The
 * row the fan-out tests is only the trip's keys (filter fields and row scope). A windowed found set
 * reads each trip's member (sort key, flags, Home search text) from its JSON once per load.
 */
export function tripSource(pool: Pool, clock: Clock): LiveSource<TripFoundSetFilter, TripKeys> {
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
      const narrowed = narrowTripFilter(user, filter);
      return narrowed ? { filter: narrowed } : { empty: true };
    },
    evaluate: async (filter) => keep(await findTripsJsonInParts(pool, toTripFilter(filter))),
    load: async (ids) => keep(await findTripsJson(pool, { ids })),
    matches: tripMatches,
    visibleTo: tripVisibleTo,
    json: (trip) => built.get(trip) ?? JSON.stringify(trip),
    member(query, trip) {
      const json = built.get(trip);
      return json ? toMember(JSON.parse(json) as DriveAssignment, query, clock.now()) : null;
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
