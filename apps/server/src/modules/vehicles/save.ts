import { VEHICLE_MSG, availableAfterTerm, isInHouse, isStaff, mayAddVehicle, mayEditVehicle, operatorToday, type Vehicle, type VehicleSave } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { findPartner, type PartnerRef } from '../assignment/partners.ts';
import { checkVehicle, uniqueViolation } from './checks.ts';
import { findVehicle } from './repository.ts';

/** Which list a save came through: vehicles-internal keeps to the operator's own fleet. */
export interface SaveVia {
  internal: boolean;
}

// The columns a save writes, with the body field each takes.
const COLUMNS = [
  ['vehicle_number', 'vehicleNumber'],
  ['vehicle_type', 'vehicleType'],
  ['vin', 'vin'],
  ['license_plate', 'licensePlate'],
  ['manufacturer', 'manufacturer'],
  ['model', 'model'],
  ['model_year', 'modelYear'],
  ['mpg', 'mpg'],
  ['ext_color', 'extColor'],
  ['lift_max_weight', 'liftMaxWeight'],
  ['lift_type', 'liftType'],
  ['loading_type', 'loadingType'],
  ['bariatric', 'bariatric'],
  ['ambulatory_seating_capacity', 'ambulatorySeatingCapacity'],
  ['wheelchair_seating_capacity', 'wheelchairSeatingCapacity'],
  ['ambulatory_ability', 'ambulatoryAbility'],
  ['term_date', 'termDate'],
  ['available', 'available'],
  ['partner_id', 'partnerId'],
  ['starting_itineris_location', 'startingItinerisLocation'],
  ['geo_tab_gps', 'geoTabgps'],
  ['description', 'description'],
  ['vehicle_branch', 'vehicleBranch'],
  ['vehicle_location_type', 'vehicleLocationType'],
  ['location_number', 'locationNumber'],
  ['take_home_employee_number', 'takeHomeEmployeeNumber'],
] as const satisfies readonly (readonly [string, keyof Vehicle])[];

type Fields = { [K in (typeof COLUMNS)[number][1]]: unknown };

/** The owning partner of a save: an Affiliate's own company; staff name one (another partner's is 404 for an Affiliate). */
export async function owningPartner(client: Pool | PoolClient, user: SessionUser, requested: string | undefined, current: string | null, via: SaveVia): Promise<PartnerRef> {
  let partner: PartnerRef | null;
  if (!isStaff(user)) {
    if (requested && requested !== user.partnerId) throw notFound();
    partner = user.partnerId ? await findPartner(client, { id: user.partnerId }) : null;
    if (!partner) throw notFound();
  } else {
    const id = requested ?? current;
    if (!id) throw badRequest(VEHICLE_MSG.PARTNER_REQUIRED, [{ path: 'partnerId', message: VEHICLE_MSG.PARTNER_REQUIRED }]);
    partner = await findPartner(client, { id });
    if (!partner) throw badRequest(VEHICLE_MSG.NOT_PARTNER, [{ path: 'partnerId', message: VEHICLE_MSG.NOT_PARTNER }]);
  }
  if (via.internal && !isInHouse(partner.name)) throw badRequest(VEHICLE_MSG.NOT_IN_HOUSE, [{ path: 'partnerId', message: VEHICLE_MSG.NOT_IN_HOUSE }]);
  return partner;
}

/** The fields to store: a termed vehicle is never available (spec 2 §5 'Changing a term vehicle unchecks available'). */
function fieldsOf(v: VehicleSave, partnerId: string, today: string): Fields {
  return { ...v, partnerId, available: availableAfterTerm(v.available, v.termDate, today) };
}

/**
 * POST vehicles-affiliate / vehicles-internal (spec 2 §7): adds a vehicle (id absent) or changes one
 * (id and modCount). In one transaction: the vehicle is locked in the caller's scope (another
 * partner's answers 404), a stale modCount answers 409 with the server's copy, the checks run,
 * the row is written and one audit row records the fields before and after.
 */
export async function saveVehicle(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: VehicleSave, via: SaveVia): Promise<Vehicle> {
  const today = operatorToday(deps.clock.now());
  try {
    return await inTransaction(deps.pool, (client) => saveVehicleIn(client, req, user, body, via, today));
  } catch (e) {
    throw uniqueViolation(e, body) ?? e;
  }
}

/** One vehicle save inside the caller's transaction (a save, or a row of an approved import). */
export async function saveVehicleIn(
  client: PoolClient,
  req: FastifyRequest,
  user: SessionUser,
  body: VehicleSave,
  via: SaveVia,
  today: string,
): Promise<Vehicle> {
  if (!body.id) return createVehicle(client, req, user, body, via, today);
  const before = await findVehicle(client, user, body.id, today, true);
  if (!before || before.deleted || !mayEditVehicle(user, before.partnerId)) throw notFound();
  if (via.internal && !isInHouse(before.partnerName)) throw notFound();
  if (before.modCount !== body.modCount) throw conflict(VEHICLE_MSG.CONFLICT(before.vehicleNumber), before);
  const partner = await owningPartner(client, user, body.partnerId, before.partnerId, via);
  await checkVehicle(client, body, partner.id, today, before.id);
  const fields = fieldsOf(body, partner.id, today);
  const changed = COLUMNS.filter(([, f]) => JSON.stringify(fields[f]) !== JSON.stringify(before[f]));
  if (changed.length === 0) return before;
  const params: unknown[] = [before.id];
  const sets = changed.map(([column, f]) => `${column} = $${params.push(fields[f])}`);
  await client.query(`update vehicles set ${sets.join(', ')}, ${stretcherSet(fields)}, mod_count = mod_count + 1, modified = now() where id = $1`, params);
  const after = (await findVehicle(client, null, before.id, today))!;
  await writeAudit(client, {
    ...auditActor(req),
    activityType: 'vehicle-save',
    table: 'vehicles',
    recordId: before.id,
    before: Object.fromEntries([...changed.map(([, f]) => [f, before[f]]), ['modCount', before.modCount]]),
    after: Object.fromEntries([...changed.map(([, f]) => [f, after[f]]), ['modCount', after.modCount]]),
  });
  return after;
}

// A vehicle that carries a gurney has a stretcher place; the partner score counts them.
const stretcherSet = (f: Fields) =>
  (f.ambulatoryAbility as string[]).includes('Gurney') ? 'stretcher_capacity = greatest(stretcher_capacity, 1)' : 'stretcher_capacity = 0';

async function createVehicle(client: PoolClient, req: FastifyRequest, user: SessionUser, body: VehicleSave, via: SaveVia, today: string): Promise<Vehicle> {
  // rules.md 33: Affiliates, and staff with FleetManagement or admin access
  if (!mayAddVehicle(user)) throw forbidden(VEHICLE_MSG.MAY_NOT_ADD);
  const partner = await owningPartner(client, user, body.partnerId, null, via);
  await checkVehicle(client, body, partner.id, today, null);
  const fields = fieldsOf(body, partner.id, today);
  const params: unknown[] = [];
  const values = COLUMNS.map(([, f]) => `$${params.push(fields[f])}`);
  const { rows } = await client.query(
    `insert into vehicles (${COLUMNS.map(([c]) => c).join(', ')}, stretcher_capacity)
     values (${values.join(', ')}, ${(fields.ambulatoryAbility as string[]).includes('Gurney') ? 1 : 0}) returning id`,
    params,
  );
  const created = (await findVehicle(client, null, rows[0].id, today))!;
  await writeAudit(client, { ...auditActor(req), activityType: 'vehicle-save', table: 'vehicles', recordId: created.id, before: null, after: created });
  return created;
}
