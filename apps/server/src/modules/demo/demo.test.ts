import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/password.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { addDays } from './calendar.ts';
import { DAYS_AHEAD, DAYS_BACK, DEMO_LOGINS, DEMO_LOGIN_PARTNERS, DEMO_PASSWORD, DEMO_USER_IDS, generateTrips, loadDemoData } from './index.ts';

const TODAY = '2025-03-12';
const FIRST_DAY = addDays(TODAY, -DAYS_BACK);
const LAST_DAY = addDays(TODAY, DAYS_AHEAD);
const RANGE_DAYS = DAYS_BACK + DAYS_AHEAD + 1;

const opened: { db: Database; dir: string }[] = [];

async function freshDatabase(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripline-demo-test-'));
  // as root the cluster runs as the postgres user, which must reach the folder to keep it inside
  fs.chmodSync(dir, 0o755);
  const db = await openDatabase({ dataDir: dir, poolSize: 4 });
  opened.push({ db, dir });
  return db;
}

let db: Database;
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await q<T>(sql, params))[0];

beforeAll(async () => {
  db = await freshDatabase();
  expect(await loadDemoData(db.pool, { today: TODAY })).toEqual({ loaded: true });
});

afterAll(async () => {
  for (const { db: d, dir } of opened) {
    await d.close();
    const moved = path.join(dir, 'cluster-location');
    if (fs.existsSync(moved)) fs.rmSync(fs.readFileSync(moved, 'utf8').trim(), { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('demo logins', () => {
  const expected: Record<string, { types: string[]; groups: string[]; admin: boolean }> = {
    admin: { types: ['SecureEmployee'], groups: [], admin: true },
    dispatcher: { types: ['SecureEmployee'], groups: ['Dispatch'], admin: false },
    partner: { types: ['Affiliate'], groups: [], admin: false },
    partner2: { types: ['Affiliate'], groups: [], admin: false },
    casemanager: { types: ['Case Manager'], groups: [], admin: false },
    passenger: { types: ['Passenger', 'S/N Passenger'], groups: [], admin: false },
    credentialing: { types: ['SecureEmployee'], groups: ['PartnerCredentialing'], admin: false },
    fleet: { types: ['SecureEmployee'], groups: ['FleetManagement'], admin: false },
    supervisor: { types: ['SecureEmployee'], groups: [], admin: false },
    finance: { types: ['SecureEmployee'], groups: ['Finance'], admin: false },
  };

  it('lists every login once', () => {
    expect(DEMO_LOGINS.map((l) => l.username).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s has its types, groups and admin flag', async (username, e) => {
    const row = await one<{ id: string; types: string[]; ldap_groups: string[]; admin_access: boolean }>(
      'SELECT id, types, ldap_groups, admin_access FROM contacts WHERE username = $1',
      [username],
    );
    expect(row).toBeDefined();
    expect(row.id).toBe(DEMO_USER_IDS[username as keyof typeof DEMO_USER_IDS]);
    expect(row.types).toEqual(e.types);
    expect(row.ldap_groups).toEqual(e.groups);
    expect(row.admin_access).toBe(e.admin);
  });

  it('all sign in with the demo password', async () => {
    const rows = await q<{ password_hash: string }>('SELECT password_hash FROM contacts WHERE username IS NOT NULL');
    expect(rows).toHaveLength(DEMO_LOGINS.length);
    expect(await verifyPassword(rows[0].password_hash, DEMO_PASSWORD)).toBe(true);
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1);
  });

  it('every login has an e-mail and a phone', async () => {
    const rows = await q<{ username: string; emails: number; phones: number }>(
      `SELECT c.username,
              (SELECT count(*) FROM contact_emails e WHERE e.contact_id = c.id)::int AS emails,
              (SELECT count(*) FROM contact_phones p WHERE p.contact_id = c.id AND length(p.phone_number_with_area_code) = 10)::int AS phones
         FROM contacts c WHERE c.username IS NOT NULL`,
    );
    for (const r of rows) {
      expect(r.emails, r.username).toBeGreaterThan(0);
      expect(r.phones, r.username).toBeGreaterThan(0);
    }
  });

  it('staff logins belong to a division', async () => {
    const rows = await q(`SELECT username FROM contacts WHERE types @> '{SecureEmployee}' AND division_id IS NULL`);
    expect(rows).toEqual([]);
  });

  it('the supervisor needs a second factor and can get it by e-mail or SMS', async () => {
    const row = await one<{ mfa_required: boolean; main_email: number; sms_cell: number }>(
      `SELECT mfa_required,
              (SELECT count(*) FROM contact_emails e WHERE e.contact_id = c.id AND e.main)::int AS main_email,
              (SELECT count(*) FROM contact_phones p WHERE p.contact_id = c.id AND p.type = 'Cell' AND p.sms_enabled)::int AS sms_cell
         FROM contacts c WHERE username = 'supervisor'`,
    );
    expect(row).toEqual({ mfa_required: true, main_email: 1, sms_cell: 1 });
  });

  it('partner and partner2 work for two different outside partners', async () => {
    const rows = await q<{ username: string; company: string; company_types: string[] }>(
      `SELECT u.username, p.name AS company, p.types AS company_types
         FROM contacts u JOIN contacts p ON p.id = u.parent_id
        WHERE u.username IN ('partner', 'partner2') ORDER BY u.username`,
    );
    expect(rows.map((r) => r.company)).toEqual([DEMO_LOGIN_PARTNERS.partner, DEMO_LOGIN_PARTNERS.partner2]);
    expect(rows[0].company).not.toBe(rows[1].company);
    for (const r of rows) {
      expect(r.company_types).toEqual(['Affiliate']);
      expect(r.company).not.toMatch(/^Secure/);
    }
  });

  it.each(['partner', 'partner2'])('%s has several trips on every day of the range, today included', async (username) => {
    const rows = await q<{ day: string; trips: number }>(
      `SELECT g.day::date::text AS day, count(d.id)::int AS trips
         FROM generate_series($1::date, $2::date, interval '1 day') AS g(day)
         CROSS JOIN (SELECT parent_id FROM contacts WHERE username = $3) u
         LEFT JOIN drive_assignments d ON d.service_date = g.day::date AND d.farmout_contact_id = u.parent_id
        GROUP BY g.day ORDER BY g.day`,
      [FIRST_DAY, LAST_DAY, username],
    );
    expect(rows).toHaveLength(RANGE_DAYS);
    expect(rows.filter((r) => r.trips < 3)).toEqual([]);
    expect(rows.find((r) => r.day === TODAY)!.trips).toBeGreaterThanOrEqual(3);
  });

  it('the case manager has exactly two bill-to accounts, both with trips', async () => {
    const rows = await q<{ name: string; types: string[]; trips: number }>(
      `SELECT b.name, b.types, (SELECT count(*) FROM drive_assignments d WHERE d.bill_to_contact_id = b.id)::int AS trips
         FROM case_manager_bill_tos cm JOIN contacts b ON b.id = cm.bill_to_id
        WHERE cm.case_manager_id = $1`,
      [DEMO_USER_IDS.casemanager],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.types).toEqual(['Bill To']);
      expect(r.trips).toBeGreaterThan(10);
    }
  });

  it('the passenger has past and upcoming trips', async () => {
    const row = await one<{ past: number; upcoming: number }>(
      `SELECT count(DISTINCT l.drive_assignment_id) FILTER (WHERE l.serv_date_beg < $2)::int AS past,
              count(DISTINCT l.drive_assignment_id) FILTER (WHERE l.serv_date_beg > $2)::int AS upcoming
         FROM trip_legs l WHERE l.passenger_id = $1`,
      [DEMO_USER_IDS.passenger, TODAY],
    );
    expect(row.past).toBeGreaterThan(5);
    expect(row.upcoming).toBeGreaterThan(0);
  });
});

describe('operator', () => {
  it('has the four divisions with real county FIPS codes', async () => {
    const divisions = await q<{ code: string; name: string; time_zone: string }>('SELECT code, name, time_zone FROM divisions ORDER BY code');
    expect(divisions).toEqual([
      { code: 'CA01', name: 'Fresno', time_zone: 'America/Los_Angeles' },
      { code: 'NM01', name: 'Albuquerque', time_zone: 'America/Denver' },
      { code: 'NM02', name: 'Santa Fe', time_zone: 'America/Denver' },
      { code: 'NM03', name: 'Las Cruces', time_zone: 'America/Denver' },
    ]);
    const counties = await q<{ fips: string; division: string }>(
      'SELECT c.fips, d.code AS division FROM counties c JOIN divisions d ON d.id = c.division_id',
    );
    const byFips = Object.fromEntries(counties.map((c) => [c.fips, c.division]));
    expect(byFips).toMatchObject({ '35001': 'NM01', '35049': 'NM02', '35013': 'NM03', '35043': 'NM01', '35061': 'NM01', '35028': 'NM02', '06019': 'CA01' });
  });

  it('places every address in a county of a division', async () => {
    const row = await one<{ total: number; placed: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE c.division_id IS NOT NULL AND a.lat IS NOT NULL AND a.zip ~ '^[0-9]{5}$')::int AS placed
         FROM addresses a LEFT JOIN counties c ON c.fips = a.county_fips`,
    );
    expect(row.placed).toBe(row.total);
  });

  it('marks its addresses as placed at their ZIP code, and stores its pharmacies as places near trips', async () => {
    const addresses = await one<{ total: number; zip: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE geocode_quality = 'zip-centroid')::int AS zip FROM addresses`,
    );
    expect(addresses.zip).toBe(addresses.total);
    const places = await one<{ n: number; divisions: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT c.division_id)::int AS divisions
         FROM places p JOIN addresses a ON a.id = p.address_id JOIN counties c ON c.fips = a.county_fips
        WHERE p.type = 'pharmacy'`,
    );
    expect(places.n).toBeGreaterThanOrEqual(4);
    expect(places.divisions).toBe(4);
  });

  it('has at least 8 partners, one of them in-house, each with drivers and vehicles', async () => {
    const rows = await q<{ name: string; number: number; drivers: number; vehicles: number; bad_vins: number }>(
      `SELECT p.name, p.contact_number AS number,
              (SELECT count(*) FROM contacts d WHERE d.parent_id = p.id AND d.types = '{Driver}' AND d.employee_number IS NOT NULL)::int AS drivers,
              (SELECT count(*) FROM vehicles v WHERE v.partner_id = p.id)::int AS vehicles,
              (SELECT count(*) FROM vehicles v WHERE v.partner_id = p.id AND v.vin !~ '^[A-HJ-NPR-Z0-9]{17}$')::int AS bad_vins
         FROM contacts p
        WHERE p.types = '{Affiliate}' AND p.parent_id IS NULL AND p.base_lat IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.name.startsWith('Secure'))).toHaveLength(1);
    for (const r of rows) {
      expect(r.drivers, r.name).toBeGreaterThan(0);
      expect(r.vehicles, r.name).toBeGreaterThan(0);
      expect(r.bad_vins, r.name).toBe(0);
    }
  });

  it('gives each partner the ZIP codes around its base, so the picker shows in-area and out-of-area partners', async () => {
    const rows = await q<{ name: string; zips: number; base_zip: boolean }>(
      `SELECT p.name, (SELECT count(*) FROM partner_zip_coverage z WHERE z.partner_id = p.id)::int AS zips,
              EXISTS (SELECT 1 FROM partner_zip_coverage z JOIN join_contact_addresses j ON j.contact_id = p.id JOIN addresses a ON a.id = j.address_id AND a.zip = z.zip
                       WHERE z.partner_id = p.id) AS base_zip
         FROM contacts p WHERE p.types = '{Affiliate}' AND p.parent_id IS NULL AND p.base_lat IS NOT NULL`,
    );
    for (const r of rows) {
      expect(r.zips, r.name).toBeGreaterThan(0);
      expect(r.base_zip, r.name).toBe(true);
    }
    // pickups of one trip day: some ZIPs are served by the trip's own partner, some are not
    const day = await one<{ covered: number; uncovered: number }>(
      `SELECT count(*) FILTER (WHERE z.zip IS NOT NULL)::int AS covered, count(*) FILTER (WHERE z.zip IS NULL)::int AS uncovered
         FROM drive_assignments da
         JOIN trip_legs tl ON tl.drive_assignment_id = da.id AND tl.leg_order = 0
         JOIN addresses a ON a.id = tl.location_first_id
         LEFT JOIN partner_zip_coverage z ON z.partner_id = da.farmout_contact_id AND z.zip = a.zip
        WHERE da.service_date = $1 AND da.farmout_contact_id IS NOT NULL`,
      [TODAY],
    );
    expect(day.covered).toBeGreaterThan(0);
    expect(day.uncovered).toBeGreaterThan(0);
  });

  it('has payers, plans and reasons', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM contacts WHERE types = '{MCO}')::int AS mcos,
              (SELECT count(*) FROM contacts WHERE types = '{Bill To}')::int AS bill_tos,
              (SELECT count(DISTINCT lob) FROM plans)::int AS lobs`,
    );
    expect(counts.mcos).toBeGreaterThan(0);
    expect(counts.bill_tos).toBeGreaterThan(2);
    expect(counts.lobs).toBeGreaterThanOrEqual(2);
    const cancel = await q('SELECT label, require_stats, with_charge FROM cancel_reasons');
    expect(cancel).toContainEqual({ label: 'Advance Notice', require_stats: false, with_charge: false });
    expect(cancel).toContainEqual(expect.objectContaining({ label: 'Late Cancel', with_charge: true }));
    expect(cancel).toContainEqual(expect.objectContaining({ label: 'No Show' }));
    const decline = await q<{ name: string; always_visible: boolean }>('SELECT name, always_visible FROM decline_reasons');
    expect(decline.map((d) => d.name)).toEqual(expect.arrayContaining(['No Availability', 'Out of Service Area', 'Vehicle Breakdown', 'Other']));
    expect(decline.find((d) => d.name === 'Other')!.always_visible).toBe(true);
  });

  it('gives ordinary passengers the Passenger type, a member id, a plan and a home', async () => {
    const row = await one<{ total: number; complete: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE c.member_id IS NOT NULL AND c.plan_id IS NOT NULL
                AND EXISTS (SELECT 1 FROM join_contact_addresses j WHERE j.contact_id = c.id AND j.label = 'Home')
                AND EXISTS (SELECT 1 FROM contact_phones p WHERE p.contact_id = c.id))::int AS complete
         FROM contacts c WHERE c.types = '{Passenger}'`,
    );
    expect(row.total).toBeGreaterThan(100);
    expect(row.complete).toBe(row.total);
  });
});

describe('demo trips', () => {
  it('cover 30 days back to 7 ahead at 40–80 a day', async () => {
    const rows = await q<{ day: string; trips: number }>(
      'SELECT service_date AS day, count(*)::int AS trips FROM drive_assignments GROUP BY 1 ORDER BY 1',
    );
    expect(rows).toHaveLength(RANGE_DAYS);
    expect(rows[0].day).toBe(FIRST_DAY);
    expect(rows.at(-1)!.day).toBe(LAST_DAY);
    for (const r of rows) {
      expect(r.trips, r.day).toBeGreaterThanOrEqual(40);
      expect(r.trips, r.day).toBeLessThanOrEqual(80);
    }
  });

  const states: [string, string][] = [
    ['unaccepted', 'NOT d.accepted AND NOT d.declined AND NOT d.canceled'],
    ['accepted', 'd.accepted AND NOT d.canceled AND NOT d.dry_run AND d.service_date >= $1'],
    ['declined', 'd.declined AND d.deleted AND NOT d.accepted'],
    ['will call', `d.will_call AND EXISTS (SELECT 1 FROM trip_legs l WHERE l.drive_assignment_id = d.id AND l.which_leg = 'B' AND l.loc_first_time_ord = '23:59:00')`],
    ['cancelled with charge', 'd.canceled AND d.cancelled_with_charge AND NOT d.cancelled_without_charge AND d.cancelled_reason IS NOT NULL'],
    ['cancelled without charge', 'd.canceled AND d.cancelled_without_charge AND NOT d.cancelled_with_charge AND d.cancelled_reason IS NOT NULL'],
    ['dry run', 'd.dry_run AND d.cancelled_reason IS NOT NULL'],
    ['finalised', `d.partner_pay_status = 'Final' AND d.accepted AND d.service_date < $1 AND EXISTS (SELECT 1 FROM trip_legs l WHERE l.drive_assignment_id = d.id AND l.loc_second_time_act IS NOT NULL)`],
    ['past with stats', `d.service_date < $1 AND d.accepted AND NOT d.canceled AND NOT d.dry_run AND d.partner_pay_status = 'Open' AND NOT EXISTS (SELECT 1 FROM trip_legs l WHERE l.drive_assignment_id = d.id AND (l.loc_first_time_act IS NULL OR l.loc_first_time_dep IS NULL OR l.loc_second_time_act IS NULL))`],
    ['past without stats', 'd.service_date < $1 AND d.accepted AND NOT d.canceled AND NOT d.dry_run AND NOT EXISTS (SELECT 1 FROM trip_legs l WHERE l.drive_assignment_id = d.id AND l.loc_first_time_act IS NOT NULL)'],
    ['high priority', 'd.schedule_priority >= 3'],
    ['multi-leg (outbound and return)', `(SELECT string_agg(which_leg, '' ORDER BY leg_order) FROM trip_legs l WHERE l.drive_assignment_id = d.id) = 'AB'`],
    ['three legs', '(SELECT count(*) FROM trip_legs l WHERE l.drive_assignment_id = d.id) = 3'],
    ['offered in the marketplace', 'd.marketplace_until IS NOT NULL AND NOT d.accepted'],
  ];
  it.each(states)('include trips that are %s', async (_name, where) => {
    const row = await one<{ n: number }>(`SELECT count(*)::int AS n FROM drive_assignments d WHERE ${where}`, where.includes('$1') ? [TODAY] : []);
    expect(row.n).toBeGreaterThan(0);
  });

  it('have the service type mix of a typical operator', async () => {
    const rows = await q<{ t: string; share: number }>(
      `SELECT service_type_requested AS t, count(*)::float / sum(count(*)) OVER () AS share FROM drive_assignments GROUP BY 1`,
    );
    const share = Object.fromEntries(rows.map((r) => [r.t, r.share]));
    expect(share['01']).toBeGreaterThan(0.5);
    expect(share['01']).toBeLessThan(0.7);
    expect(share['03']).toBeGreaterThan(0.2);
    expect(share['03']).toBeLessThan(0.4);
    expect(share['05']).toBeGreaterThan(0.02);
  });

  it('are consistent with their partner, passenger and legs', async () => {
    const row = await one<Record<string, number>>(
      `SELECT count(*)::int AS legs,
              count(*) FILTER (WHERE d.farmout_contact_number = p.contact_number AND d.division_id IS NOT NULL
                AND d.bill_to_contact_id IS NOT NULL AND l.serv_date_beg = d.service_date AND l.passenger_id IS NOT NULL
                AND l.member_id IS NOT NULL AND l.division_id = d.division_id AND l.location_first_id IS NOT NULL
                AND l.location_second_id IS NOT NULL
                AND l.google_driving_distance_meters BETWEEN 4800 AND 48300)::int AS ok,
              count(*) FILTER (WHERE l.loc_first_time_ord <> '23:59:00'
                AND l.loc_first_time_ord NOT BETWEEN '07:00' AND '16:00')::int AS off_hours,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY l.google_driving_distance_meters / 1609.344) AS median_miles
         FROM trip_legs l JOIN drive_assignments d ON d.id = l.drive_assignment_id
         JOIN contacts p ON p.id = d.farmout_contact_id`,
    );
    expect(row.ok).toBe(row.legs);
    expect(row.off_hours).toBe(0);
    expect(row.median_miles).toBeGreaterThan(7);
    expect(row.median_miles).toBeLessThan(11);
  });

  it('leave the sequences past the numbers they use', async () => {
    const row = await one<{ ref: number; max_ref: number; contact: number; max_contact: number }>(
      `SELECT nextval('reference_number_seq') AS ref, (SELECT max(reference_number::bigint) FROM drive_assignments) AS max_ref,
              nextval('contact_number_seq') AS contact, (SELECT max(contact_number) FROM contacts) AS max_contact`,
    );
    expect(row.ref).toBeGreaterThan(row.max_ref);
    expect(row.contact).toBeGreaterThan(row.max_contact);
  });
});

describe('loading', () => {
  it('does nothing on a database that already has data', async () => {
    const before = await one('SELECT (SELECT count(*) FROM contacts) AS c, (SELECT count(*) FROM drive_assignments) AS t');
    expect(await loadDemoData(db.pool, { today: '2025-06-01' })).toEqual({ loaded: false });
    expect(await one('SELECT (SELECT count(*) FROM contacts) AS c, (SELECT count(*) FROM drive_assignments) AS t')).toEqual(before);
  });

  it('gives the same data for the same day in another database', async () => {
    const other = await freshDatabase();
    expect(await loadDemoData(other.pool, { today: TODAY })).toEqual({ loaded: true });
    const snapshot = async (pool: typeof db.pool) => ({
      trips: (await pool.query('SELECT id, reference_number, service_date, farmout_contact_id, partner_pay_status FROM drive_assignments ORDER BY reference_number')).rows,
      passengers: (await pool.query(`SELECT id, name, member_id FROM contacts WHERE types @> '{Passenger}' ORDER BY contact_number`)).rows,
      legs: (await pool.query('SELECT id, loc_first_time_ord, google_driving_distance_meters FROM trip_legs ORDER BY id')).rows,
    });
    const [a, b] = [await snapshot(db.pool), await snapshot(other.pool)];
    expect(b.trips).toEqual(a.trips);
    expect(b.passengers).toEqual(a.passengers);
    expect(b.legs).toEqual(a.legs);
  });
});

describe('generateTrips', () => {
  it('adds the requested trips with legs, on the requested days', async () => {
    const before = await one<{ trips: number; legs: number; max_ref: number }>(
      `SELECT (SELECT count(*) FROM drive_assignments)::int AS trips, (SELECT count(*) FROM trip_legs)::int AS legs,
              (SELECT max(reference_number::bigint) FROM drive_assignments) AS max_ref`,
    );
    const result = await generateTrips(db.pool, { tripsPerDay: 500, days: 3, startDate: '2025-04-01', today: TODAY, seed: 7, batchSize: 400 });
    expect(result.trips).toBe(1500);
    expect(Number(result.firstReference)).toBeGreaterThan(before.max_ref);
    const after = await q<{ day: string; trips: number; legs: number; refs: number }>(
      `SELECT d.service_date AS day, count(DISTINCT d.id)::int AS trips, count(l.id)::int AS legs,
              count(DISTINCT d.reference_number)::int AS refs
         FROM drive_assignments d JOIN trip_legs l ON l.drive_assignment_id = d.id
        WHERE d.service_date BETWEEN '2025-04-01' AND '2025-04-03' GROUP BY 1 ORDER BY 1`,
    );
    expect(after.map((r) => [r.day, r.trips, r.refs])).toEqual([
      ['2025-04-01', 500, 500],
      ['2025-04-02', 500, 500],
      ['2025-04-03', 500, 500],
    ]);
    expect(after.reduce((s, r) => s + r.legs, 0)).toBe(result.legs);
    const totals = await one<{ trips: number; legs: number }>(
      'SELECT (SELECT count(*) FROM drive_assignments)::int AS trips, (SELECT count(*) FROM trip_legs)::int AS legs',
    );
    expect(totals).toEqual({ trips: before.trips + 1500, legs: before.legs + result.legs });
    // the demo passenger login keeps only its own planned rides
    const own = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM trip_legs WHERE passenger_id = $1 AND serv_date_beg >= '2025-04-01'`,
      [DEMO_USER_IDS.passenger],
    );
    expect(own.n).toBe(0);
  });

  it('rejects counts that are not positive integers', async () => {
    await expect(generateTrips(db.pool, { tripsPerDay: 0, days: 3, startDate: TODAY })).rejects.toThrow(/positive integer/);
    await expect(generateTrips(db.pool, { tripsPerDay: 10, days: 1.5, startDate: TODAY })).rejects.toThrow(/positive integer/);
  });
});
