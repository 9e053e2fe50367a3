import { VEHICLE_MSG, modelYearProblem, type VehicleSave } from '@tripline/core';
import type { PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';

const refuse = (path: string, message: string) => badRequest(message, [{ path, message }]);

/**
 * The checks of a vehicle save that need the database or today (the contract's schema has done
 * the rest): the model year is one of the last 20, the take-home employee is one of the owning
 * partner's people, the garage is a contact on file, the vehicle number is free and the VIN
 * belongs to no other active vehicle. `selfId` is the vehicle being changed.
 */
export async function checkVehicle(client: PoolClient, v: VehicleSave, partnerId: string, today: string, selfId: string | null): Promise<void> {
  if (v.modelYear !== null) {
    const problem = modelYearProblem(v.modelYear, today);
    if (problem) throw refuse('modelYear', problem);
  }
  if (v.vehicleLocationType === 'TakeHomeEmployee') {
    const { rowCount } = await client.query(
      'select 1 from contacts where employee_number = $1 and parent_id = $2 and not deleted',
      [v.takeHomeEmployeeNumber, partnerId],
    );
    if (!rowCount) throw refuse('takeHomeEmployeeNumber', VEHICLE_MSG.TAKE_HOME_EMPLOYEE);
  }
  if (v.vehicleLocationType === 'Garage') {
    // a garage is a contact on file, named by its contact number
    const number = /^\d{1,15}$/.test(v.locationNumber ?? '') ? v.locationNumber : null;
    const { rowCount } = number ? await client.query('select 1 from contacts where contact_number = $1 and not deleted', [number]) : { rowCount: 0 };
    if (!rowCount) throw refuse('locationNumber', VEHICLE_MSG.GARAGE);
  }
  const numberTaken = await client.query('select 1 from vehicles where lower(vehicle_number) = lower($1) and id is distinct from $2', [
    v.vehicleNumber,
    selfId,
  ]);
  if (numberTaken.rowCount) throw refuse('vehicleNumber', VEHICLE_MSG.NUMBER_TAKEN(v.vehicleNumber));
  const vinTaken = await client.query('select 1 from vehicles where vin = $1 and not deleted and id is distinct from $2', [v.vin, selfId]);
  if (vinTaken.rowCount) throw refuse('vin', VEHICLE_MSG.VIN_TAKEN(v.vin));
}

/** A unique index refused the write (two saves of one VIN or number at once): the same 400 as the check. */
export function uniqueViolation(e: unknown, v: VehicleSave): Error | null {
  const err = e as { code?: string; constraint?: string };
  if (err.code !== '23505') return null;
  if (err.constraint === 'vehicles_active_vin') return refuse('vin', VEHICLE_MSG.VIN_TAKEN(v.vin));
  return refuse('vehicleNumber', VEHICLE_MSG.NUMBER_TAKEN(v.vehicleNumber));
}
