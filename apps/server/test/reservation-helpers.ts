import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { lookupZip } from '../src/platform/providers/geo-zip.ts';
import { createContact, type Created } from './factories.ts';
import { division, FUTURE } from './trip-factories.ts';
import { addContactAddress } from './contact-details-factories.ts';

/** Downtown Albuquerque and a clinic across town, both in ZIP codes of the NM01 division. */
export const HOME = { text: '500 Marquette Ave NW, Albuquerque, NM 87102', lat: 35.0878, lng: -106.6517, zip: '87102' };
export const CLINIC = { text: '1101 Medical Arts Ave NE, Albuquerque, NM 87106', lat: 35.0853, lng: -106.6219, zip: '87106' };

/** The division NM01 with the counties of the test ZIP codes in it. */
export async function divisionWithCounties(pool: Pool): Promise<string> {
  const id = await division(pool);
  for (const zip of [HOME.zip, CLINIC.zip]) {
    const fips = lookupZip(zip)?.countyFips;
    if (!fips) throw new Error(`no county for ${zip}`);
    await pool.query(`insert into counties (fips, name, state, division_id) values ($1, 'Bernalillo', 'NM', $2) on conflict (fips) do update set division_id = excluded.division_id`, [fips, id]);
  }
  return id;
}

/** An address row (a saved stop). */
export async function addressRow(pool: Pool, a: { text: string; lat: number; lng: number; zip: string }, contactId: string | null = null): Promise<string> {
  return addContactAddress(pool, contactId, { completeAddress: a.text, lat: a.lat, lng: a.lng, zip: a.zip });
}

export async function createPassenger(pool: Pool, name = 'Rosa Chavez'): Promise<Created & { homeId: string }> {
  const p = await createContact(pool, { types: ['S/N Passenger'], username: null, name });
  return { ...p, homeId: await addressRow(pool, HOME, p.id) };
}

export interface LegBody {
  id?: string | null;
  whichLeg: string;
  passengerId: string | null;
  locationFirst: { id?: string; text?: string } | null;
  locationSecond: { id?: string; text?: string } | null;
  locFirstTimeOrd: string | null;
  locSecondTimeOrd: string | null;
  apptTime: string | null;
  [more: string]: unknown;
}

/** A leg from home to the clinic: pickup 09:30, appointment 10:00. */
export const outbound = (passengerId: string, homeId: string, extra: Partial<LegBody> = {}): LegBody => ({
  whichLeg: 'A',
  passengerId,
  locationFirst: { id: homeId },
  locationSecond: { text: CLINIC.text },
  locFirstTimeOrd: '09:30:00',
  locSecondTimeOrd: null,
  apptTime: '10:00:00',
  ...extra,
});

/** A booking of one leg on FUTURE with a new id. */
export const booking = (legs: LegBody[], extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  serviceDate: FUTURE,
  requestedBy: 'Maria at the clinic',
  tripLegs: legs,
  ...extra,
});

export const countOf = async (pool: Pool, table: string) => Number((await pool.query(`select count(*) from ${table}`)).rows[0].count);
