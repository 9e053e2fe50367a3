/**
 * Large volumes of trips on top of a loaded demo operator, for load and performance tests. The
 * operator (divisions, members, destinations, partners) is read back from the database; trips
 * are built in batches that each have their own seeded stream, so the result does not depend on
 * which batch finished first.
 */
import os from 'node:os';
import type pg from 'pg';
import { addDays, daysBetween, parseDay } from './calendar.ts';
import { Rng, deriveSeed } from './random.ts';
import { PARTNERS } from './fleet.ts';
import { DIVISIONS, SERVICE_TYPE_MIX, apptTypeOf } from './reference.ts';
import { newLegs, newTrips } from './tables.ts';
import { addTrip } from './trips.ts';
import { groupBy, type PartnerInfo, type TripWorld, type VehicleInfo } from './world.ts';

export interface GenerateTripsOptions {
  tripsPerDay: number;
  days: number;
  /** First service date, YYYY-MM-DD. */
  startDate: string;
  seed?: number;
  /**
   * The day that separates rides that happened (with stats, finalised, no-shows…) from upcoming
   * ones. Without it every generated trip is treated as already past.
   */
  today?: string;
  log?: (s: string) => void;
  /** Trips per insert batch. */
  batchSize?: number;
  /** Batches in flight at once, so batches are built while others are written. */
  concurrency?: number;
}

export interface GenerateTripsResult {
  trips: number;
  legs: number;
  firstReference: string;
  lastReference: string;
}

/**
 * Claims `count` consecutive reference numbers past both the sequence and any number already in
 * use, and moves the sequence beyond them so trips booked later never collide.
 */
export async function reserveReferenceNumbers(db: pg.ClientBase | pg.Pool, count: number): Promise<number> {
  const { rows } = await db.query<{ first: string }>(
    `WITH f AS (
       SELECT greatest(
         (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM reference_number_seq),
         coalesce((SELECT max(reference_number::bigint) + 1 FROM drive_assignments WHERE reference_number ~ '^[0-9]{1,10}$'), 0)
       ) AS first
     )
     SELECT first::text, setval('reference_number_seq', first + greatest($1::bigint, 1) - 1, $1::bigint > 0) FROM f`,
    [count],
  );
  return Number(rows[0].first);
}

const PARTNERS_WEIGHT_BY_NAME = new Map(PARTNERS.map((p) => [p.name, p.weight]));

function kindOf(vehicleType: string): VehicleInfo['kind'] {
  if (/stretcher|gurney/i.test(vehicleType)) return 'stretcher';
  if (/wheelchair/i.test(vehicleType)) return 'wheelchair';
  return 'sedan';
}

/** The operator as trip generation needs it; members with a login are left to their own trips. */
export async function loadTripWorld(db: pg.Pool | pg.ClientBase): Promise<TripWorld> {
  const divisions = await db.query<{ id: string; code: string; time_zone: string }>(
    'SELECT id, code, time_zone FROM divisions ORDER BY code',
  );
  const passengers = await db.query(
    `SELECT c.id, c.name, c.member_id, c.plan_id, pl.lob, c.division_id,
            a.id AS address_id, a.lat, a.lng, co.name AS county_name,
            coalesce(t.bill_to_contact_id, mb.id, anyb.id) AS bill_to_id,
            coalesce(t.requested_by, c.name) AS requested_by
       FROM contacts c
       JOIN LATERAL (SELECT ad.* FROM join_contact_addresses j JOIN addresses ad ON ad.id = j.address_id
                      WHERE j.contact_id = c.id AND NOT j.deleted AND ad.lat IS NOT NULL
                      ORDER BY (j.label = 'Home') DESC, j.sort_order, ad.id LIMIT 1) a ON true
       LEFT JOIN counties co ON co.fips = a.county_fips
       LEFT JOIN plans pl ON pl.id = c.plan_id
       LEFT JOIN LATERAL (SELECT id FROM contacts b WHERE b.types @> '{Bill To}' AND b.parent_id = pl.mco_id
                           ORDER BY contact_number LIMIT 1) mb ON true
       LEFT JOIN LATERAL (SELECT id FROM contacts b WHERE b.types @> '{Bill To}' ORDER BY contact_number LIMIT 1) anyb ON true
       LEFT JOIN LATERAL (SELECT l.bill_to_contact_id, d.requested_by
                            FROM trip_legs l JOIN drive_assignments d ON d.id = l.drive_assignment_id
                           WHERE l.passenger_id = c.id AND l.bill_to_contact_id IS NOT NULL
                           ORDER BY l.serv_date_beg, d.reference_number LIMIT 1) t ON true
      WHERE c.types @> '{Passenger}' AND NOT c.deleted AND c.username IS NULL AND c.division_id IS NOT NULL
      ORDER BY c.contact_number`,
  );
  const facilities = await db.query(
    `SELECT c.id, c.name, c.division_id, a.id AS address_id, a.lat, a.lng, co.name AS county_name
       FROM contacts c
       JOIN LATERAL (SELECT ad.* FROM join_contact_addresses j JOIN addresses ad ON ad.id = j.address_id
                     WHERE j.contact_id = c.id AND NOT j.deleted AND ad.lat IS NOT NULL ORDER BY ad.id LIMIT 1) a ON true
       LEFT JOIN counties co ON co.fips = a.county_fips
      WHERE c.types @> '{Facility}' AND NOT c.deleted AND c.division_id IS NOT NULL
      ORDER BY c.contact_number`,
  );
  const partners = await db.query(
    `SELECT id, name, contact_number, division_id, oon FROM contacts
      WHERE types @> '{Affiliate}' AND parent_id IS NULL AND NOT deleted AND division_id IS NOT NULL
      ORDER BY contact_number`,
  );
  const drivers = await db.query(
    `SELECT id, parent_id, employee_number FROM contacts
      WHERE types @> '{Driver}' AND NOT deleted AND parent_id IS NOT NULL AND employee_number IS NOT NULL
      ORDER BY contact_number`,
  );
  const vehicles = await db.query(
    'SELECT id, partner_id, vehicle_type FROM vehicles WHERE NOT deleted AND available ORDER BY vehicle_number',
  );

  const driversBy = groupBy(drivers.rows, (d) => d.parent_id as string);
  const vehiclesBy = groupBy(vehicles.rows, (v) => v.partner_id as string);
  const partnerInfos: PartnerInfo[] = partners.rows.map((p) => ({
    id: p.id,
    name: p.name,
    contactNumber: Number(p.contact_number),
    divisionId: p.division_id,
    weight: PARTNERS_WEIGHT_BY_NAME.get(p.name) ?? (p.oon ? 0.3 : p.name.startsWith('Secure') ? 1.4 : 1),
    drivers: (driversBy.get(p.id) ?? []).map((d) => ({ id: d.id, employeeNumber: d.employee_number })),
    vehicles: (vehiclesBy.get(p.id) ?? []).map((v) => ({ id: v.id, kind: kindOf(v.vehicle_type) })),
  }));
  const place = (r: Record<string, unknown>) => ({
    addressId: r.address_id as string,
    lat: Number(r.lat),
    lng: Number(r.lng),
    countyName: (r.county_name as string | null) ?? null,
  });
  const world: TripWorld = {
    divisions: [],
    passengersByDivision: groupBy(
      passengers.rows.map((r) => ({
        id: r.id,
        name: r.name,
        memberId: r.member_id,
        planId: r.plan_id,
        lob: r.lob,
        divisionId: r.division_id,
        billToId: r.bill_to_id,
        requestedBy: r.requested_by,
        home: place(r),
        // stable per member without storing it: the same member keeps the same needs
        usualService: new Rng(deriveSeed('service', r.id)).weighted(SERVICE_TYPE_MIX),
      })),
      (p) => p.divisionId,
    ),
    facilitiesByDivision: groupBy(
      facilities.rows.map((r) => ({
        id: r.id,
        name: r.name,
        apptType: apptTypeOf(r.name),
        divisionId: r.division_id,
        place: place(r),
      })),
      (f) => f.divisionId,
    ),
    partnersByDivision: groupBy(
      partnerInfos.filter((p) => p.vehicles.length > 0),
      (p) => p.divisionId,
    ),
  };
  // only divisions that have members, destinations and partners can get trips
  world.divisions = divisions.rows
    .filter(
      (d) =>
        world.passengersByDivision.has(d.id) && world.facilitiesByDivision.has(d.id) && world.partnersByDivision.has(d.id),
    )
    .map((d) => ({
      id: d.id,
      code: d.code,
      timeZone: d.time_zone,
      share: DIVISIONS.find((x) => x.code === d.code)?.share ?? 0.1,
    }));
  return world;
}

export async function generateTrips(pool: pg.Pool, opts: GenerateTripsOptions): Promise<GenerateTripsResult> {
  const log = opts.log ?? (() => {});
  const { tripsPerDay, days } = opts;
  for (const [name, v] of [['tripsPerDay', tripsPerDay], ['days', days]] as const) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer, not ${v}`);
  }
  parseDay(opts.startDate);
  const today = opts.today ?? addDays(opts.startDate, days);
  parseDay(today);
  const seed = opts.seed ?? 1;
  const batchSize = Math.max(1, opts.batchSize ?? 10_000);
  const concurrency = Math.max(1, opts.concurrency ?? Math.min(4, Math.max(2, os.availableParallelism())));

  const world = await loadTripWorld(pool);
  if (world.divisions.length === 0) {
    throw new Error('No division has members, destinations and partners: load the demo data first');
  }
  const total = tripsPerDay * days;
  const first = await reserveReferenceNumbers(pool, total);
  const batches = Math.ceil(total / batchSize);
  const started = performance.now();
  let next = 0;
  let doneTrips = 0;
  let doneLegs = 0;
  let lastLoggedStep = -1;
  let failed = false;

  const worker = async () => {
    while (!failed && next < batches) {
      const b = next++;
      // the reserved numbers are part of the seed, so a second run on the same database gets new ids
      const rng = new Rng(deriveSeed(seed, 'bulk', first, b));
      const trips = newTrips();
      const legs = newLegs();
      const end = Math.min(total, (b + 1) * batchSize);
      for (let i = b * batchSize; i < end; i++) {
        const date = addDays(opts.startDate, Math.floor(i / tripsPerDay));
        addTrip(world, rng, { date, dayDelta: daysBetween(today, date), referenceNumber: String(first + i) }, trips, legs);
      }
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const t = await trips.flush(client, 25_000);
        const l = await legs.flush(client, 25_000);
        await client.query('COMMIT');
        doneTrips += t;
        doneLegs += l;
      } catch (e) {
        failed = true;
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      const step = Math.floor((doneTrips / total) * 20);
      if (step !== lastLoggedStep) {
        lastLoggedStep = step;
        const secs = (performance.now() - started) / 1000;
        log(
          `${doneTrips.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} trips ` +
            `(${Math.round((doneTrips / total) * 100)}%), ${Math.round(doneTrips / Math.max(secs, 0.001)).toLocaleString('en-US')} trips/s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches) }, worker));
  // fresh statistics so the planner sees the new volume straight away
  await pool.query('ANALYZE drive_assignments, trip_legs');
  // Statistics for the planner after a bulk load, as for the demo data.
  await pool.query('analyze drive_assignments, trip_legs');
  return { trips: doneTrips, legs: doneLegs, firstReference: String(first), lastReference: String(first + total - 1) };
}
