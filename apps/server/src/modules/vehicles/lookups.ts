import { VEHICLE_MSG, isStaff, operatorToday, vehicleCapabilities, type Vehicle } from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { vehicleScope, type VehicleFilter } from './repository.ts';
import { likeLiteral } from '../../platform/db/like.ts';

/** GET vehicles-proxy: the pickers' vehicles — not deleted, available, not termed — in the caller's scope. */
export async function vehicleOptions(deps: AppDeps, user: SessionUser, partnerId: string | undefined, typed?: { q?: string }) {
  const params: unknown[] = [operatorToday(deps.clock.now())];
  const where = [vehicleScope(user, params), 'not v.deleted', 'v.available', '(v.term_date is null or v.term_date >= $1::date)'];
  if (partnerId) where.push(`v.partner_id = $${params.push(partnerId)}`);
  // the typeahead: a prefix of the number, VIN or plate, any case; its first 20
  const q = typed?.q?.toLowerCase();
  if (q) {
    const n = params.push(`${likeLiteral(q)}%`);
    where.push(`(lower(v.vehicle_number) like $${n} or lower(v.vin) like $${n} or lower(v.license_plate) like $${n})`);
  }
  const limit = typed ? ' limit 20' : '';
  const { rows } = await deps.pool.query(
    `select v.id, v.vehicle_number, v.vehicle_type, v.partner_id, v.ambulatory_seating_capacity, v.wheelchair_seating_capacity,
            'Gurney' = any(v.ambulatory_ability) as gurney
       from vehicles v where ${where.join(' and ')} order by v.vehicle_number${limit}`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    vehicleNumber: r.vehicle_number,
    vehicleType: r.vehicle_type,
    partnerId: r.partner_id,
    ambulatorySeatingCapacity: r.ambulatory_seating_capacity,
    wheelchairSeatingCapacity: r.wheelchair_seating_capacity,
    gurney: r.gurney,
  }));
}

/** GET vehicle-capabilities-lookup: the bundled table's seating, or 404 with what to do instead. */
export function capabilitiesOf(q: { make: string; model: string; year: number }) {
  const found = vehicleCapabilities(q.make, q.model, q.year);
  if (!found) throw notFound(VEHICLE_MSG.NO_CAPABILITIES(q.year, q.make, q.model));
  return found;
}

/** An Affiliate naming another partner in the list's filter gets 404, as for that partner's vehicle. */
export function assertPartnerFilter(user: SessionUser, filter: VehicleFilter): void {
  if (!isStaff(user) && filter.partnerId && filter.partnerId !== user.partnerId) throw notFound();
}

/** A single vehicle asked for by id that is not in scope answers 404, not an empty list. */
export function oneOrNotFound(list: Vehicle[], filter: VehicleFilter): Vehicle[] {
  if (filter.id && list.length === 0) throw notFound();
  return list;
}
