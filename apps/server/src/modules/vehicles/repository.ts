import { isStaff, isTermed, type Vehicle } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';

type Db = Pool | PoolClient;

/**
 * Row scope of vehicles, in the data layer: staff see every partner's fleet, an
 * Affiliate only its own company's, anyone else none. The answer is a condition on alias `v`.
 */
export function vehicleScope(user: SessionUser, params: unknown[], v = 'v'): string {
  if (isStaff(user)) return 'true';
  if (user.partnerId) {
    params.push(user.partnerId);
    return `${v}.partner_id = $${params.length}`;
  }
  return 'false';
}

/** In-house: the operator's own fleet, a partner company whose name starts with 'Secure' (spec 2 §6). */
const IN_HOUSE = `(p.name like 'Secure%')`;

const SELECT = `
  select v.*, to_char(v.term_date, 'YYYY-MM-DD') as term_day, p.name as partner_name,
         e.id as employee_id, e.name as employee_name
    from vehicles v
    join contacts p on p.id = v.partner_id
    left join lateral (
      select c.id, c.name from contacts c
       where v.take_home_employee_number is not null and c.employee_number = v.take_home_employee_number
         and c.parent_id = v.partner_id and not c.deleted
       order by c.created_at limit 1) e on true`;

export interface VehicleFilter {
  id?: string;
  partnerId?: string;
  vehicleType?: string;
  available?: 'true' | 'false';
  termed?: 'true' | 'false';
  includeDeleted?: 'true' | 'false';
  /** Only the operator's own fleet (vehicles-internal). */
  inHouse?: boolean;
}

/** Vehicles in the caller's scope that pass the filter, by vehicle number. */
export async function listVehicles(db: Db, user: SessionUser, filter: VehicleFilter, today: string): Promise<Vehicle[]> {
  const params: unknown[] = [];
  const where = [vehicleScope(user, params)];
  const add = (v: unknown) => `$${params.push(v)}`;
  if (filter.id) where.push(`v.id = ${add(filter.id)}`);
  if (filter.partnerId) where.push(`v.partner_id = ${add(filter.partnerId)}`);
  if (filter.vehicleType) where.push(`v.vehicle_type = ${add(filter.vehicleType)}`);
  if (filter.available) where.push(filter.available === 'true' ? 'v.available' : 'not v.available');
  if (filter.termed) {
    const termed = `(v.term_date is not null and v.term_date < ${add(today)}::date)`;
    where.push(filter.termed === 'true' ? termed : `not ${termed}`);
  }
  // deleted vehicles stay out unless staff ask for them
  if (!(filter.includeDeleted === 'true' && isStaff(user)) && !filter.id) where.push('not v.deleted');
  if (filter.inHouse) where.push(IN_HOUSE);
  const { rows } = await db.query(`${SELECT} where ${where.join(' and ')} order by v.vehicle_number`, params);
  return rows.map((r) => presentVehicle(r, today));
}

/** One vehicle in the caller's scope (deleted ones too), locked for a change when `lock`. */
export async function findVehicle(db: Db, user: SessionUser | null, id: string, today: string, lock = false): Promise<Vehicle | null> {
  const params: unknown[] = [id];
  const scope = user ? vehicleScope(user, params) : 'true';
  const { rows } = await db.query(`${SELECT} where v.id = $1 and ${scope}${lock ? ' for update of v' : ''}`, params);
  return rows[0] ? presentVehicle(rows[0], today) : null;
}

type Row = Record<string, unknown> & { term_day: string | null };

/** A vehicle row as the API answers it (spec 1 §3, 2 §3). */
export function presentVehicle(r: Row, today: string): Vehicle {
  const abilities = (r.ambulatory_ability as string[]) ?? [];
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));
  return {
    id: r.id as string,
    vehicleNumber: r.vehicle_number as string,
    vehicleType: r.vehicle_type as string,
    vin: (r.vin as string | null) ?? null,
    licensePlate: (r.license_plate as string | null) ?? null,
    manufacturer: (r.manufacturer as string | null) ?? null,
    model: (r.model as string | null) ?? null,
    modelYear: (r.model_year as number | null) ?? null,
    mpg: r.mpg === null || r.mpg === undefined ? null : Number(r.mpg),
    extColor: (r.ext_color as string | null) ?? null,
    liftMaxWeight: (r.lift_max_weight as number | null) ?? null,
    liftType: (r.lift_type as string | null) ?? null,
    loadingType: (r.loading_type as string | null) ?? null,
    bariatric: r.bariatric as boolean,
    ambulatorySeatingCapacity: r.ambulatory_seating_capacity as number,
    wheelchairSeatingCapacity: r.wheelchair_seating_capacity as number,
    ambulatoryAbility: abilities,
    gurney: abilities.includes('Gurney'),
    termDate: r.term_day,
    termed: isTermed(r.term_day, today),
    available: r.available as boolean,
    deleted: r.deleted as boolean,
    partnerId: r.partner_id as string,
    partnerName: r.partner_name as string,
    startingItinerisLocation: (r.starting_itineris_location as string | null) ?? null,
    geoTabgps: (r.geo_tab_gps as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    vehicleBranch: (r.vehicle_branch as string | null) ?? null,
    vehicleLocationType: (r.vehicle_location_type as string | null) ?? null,
    locationNumber: (r.location_number as string | null) ?? null,
    takeHomeEmployeeNumber: (r.take_home_employee_number as string | null) ?? null,
    employee: r.employee_id ? { id: r.employee_id as string, name: r.employee_name as string } : null,
    status: r.status_lat !== null && r.status_lng !== null ? { lat: r.status_lat as number, lng: r.status_lng as number } : null,
    created: iso(r.created),
    modified: iso(r.modified),
    modCount: r.mod_count as number,
  };
}

