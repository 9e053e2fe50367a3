import { randomInt } from 'node:crypto';
import { vinCheckDigit } from '@tripline/core';
import type { Pool } from 'pg';

/** A VIN with a valid check digit: a 2020 Toyota unless other first characters are given. */
export function validVin(prefix = '5TDKZ3DC'): string {
  const serial = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const draft = `${prefix}0LS${serial}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

/** The same VIN with a wrong check digit, and the digit it should have. */
export function wrongCheckDigit(vin: string): { vin: string; should: string } {
  const should = vinCheckDigit(vin);
  const wrong = should === '1' ? '2' : '1';
  return { vin: vin.slice(0, 8) + wrong + vin.slice(9), should };
}

export interface VehicleSpec {
  vehicleNumber?: string;
  vehicleType?: string;
  vin?: string | null;
  termDate?: string | null;
  available?: boolean;
  deleted?: boolean;
  wheelchairSeats?: number;
}

export interface CreatedVehicle {
  id: string;
  vehicleNumber: string;
  vin: string | null;
}

let sequence = 0;

/** One vehicle of a partner's fleet, stored directly, with what the test asks for. */
export async function createVehicle(pool: Pool, partnerId: string, spec: VehicleSpec = {}): Promise<CreatedVehicle> {
  const vehicleNumber = spec.vehicleNumber ?? `T-${process.pid % 1000}-${++sequence}`;
  const vin = spec.vin === undefined ? validVin() : spec.vin;
  const { rows } = await pool.query(
    `insert into vehicles (vehicle_number, vehicle_type, vin, partner_id, manufacturer, model, model_year, term_date, available, deleted,
       ambulatory_seating_capacity, wheelchair_seating_capacity, ambulatory_ability)
     values ($1, $2, $3, $4, 'Toyota', 'Sienna', 2020, $5, $6, $7, 3, $8, $9) returning id`,
    [
      vehicleNumber,
      spec.vehicleType ?? 'Wheelchair Van',
      vin,
      partnerId,
      spec.termDate ?? null,
      spec.available ?? true,
      spec.deleted ?? false,
      spec.wheelchairSeats ?? 1,
      spec.wheelchairSeats === 0 ? ['Ambulatory'] : ['Ambulatory', 'Wheelchair'],
    ],
  );
  return { id: rows[0].id, vehicleNumber, vin };
}

/** The vehicle row as stored, to prove a refused write changed nothing. */
export async function vehicleRow(pool: Pool, id: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query('select * from vehicles where id = $1', [id]);
  return rows[0];
}
