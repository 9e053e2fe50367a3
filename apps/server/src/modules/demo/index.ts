/**
 * Demo data: a complete, believable operator (divisions, payers, members, partners with fleets,
 * logins for every role and five weeks of trips) loaded into an empty database, plus bulk trips
 * for load testing. Deterministic: the same `today` always gives the same data.
 */
import type pg from 'pg';
import { hashPassword } from '../../platform/auth/password.ts';
import { parseDay } from './calendar.ts';
import { DEMO_SEED, createContext, rowSetsInOrder } from './context.ts';
import { addMemberCoverages, addPartnerZipCoverage } from './coverage.ts';
import { addDemoPlaces } from './places.ts';
import { addDemoEnrollments } from './enrollment-834.ts';
import { addDemoContactCare } from './contact-care.ts';
import { addDemoEmployees } from './employees.ts';
import { addDemoVehicles } from './vehicles.ts';
import { addDemoWatchList } from './watch-list.ts';
import { addDemoPortalTrips } from './portal-trips.ts';
import { addDemoPortalAccounts } from './portal-accounts.ts';
import { addDemoEventSubscriptions } from './event-subscriptions.ts';
import { addDemoPartnerRates } from './partner-rates.ts';
import { addDemoMarketplace } from './marketplace.ts';
import { addDemoPartnerMonitor } from './partner-monitor.ts';
import { reserveReferenceNumbers } from './bulk.ts';
import { LOGIN_PARTNER_KEYS, PARTNERS, addPartners } from './fleet.ts';
import { addDivisions, addFacilities, addPayers, addReasons } from './operator.ts';
import { DEMO_PASSWORD } from './logins.ts';
import { DEMO_USER_IDS, addDemoUsers, addPassengers } from './people.ts';
import { Rng, deriveSeed } from './random.ts';
import { PROGRAM_BILL_TOS } from './reference.ts';
import { DAYS_AHEAD, DAYS_BACK, addDemoTrips } from './schedule.ts';
import { newLegs, newTrips } from './tables.ts';
import { groupBy, type TripWorld } from './world.ts';

export { generateTrips, type GenerateTripsOptions, type GenerateTripsResult } from './bulk.ts';
export { DEMO_LOGINS, DEMO_PASSWORD } from './logins.ts';
export { DEMO_USER_IDS, type DemoUsername } from './people.ts';
export { DAYS_AHEAD, DAYS_BACK } from './schedule.ts';

const PARTNER_NAME = new Map(PARTNERS.map((p) => [p.key, p.name]));

/** Companies of the `partner` and `partner2` logins. */
export const DEMO_LOGIN_PARTNERS = {
  partner: PARTNER_NAME.get(LOGIN_PARTNER_KEYS.partner)!,
  partner2: PARTNER_NAME.get(LOGIN_PARTNER_KEYS.partner2)!,
};

/** Serialises concurrent loads, e.g. two servers starting on one database. */
const LOAD_LOCK = 0x7219_0001;

export interface LoadDemoOptions {
  /** YYYY-MM-DD; trips run from 30 days before to 7 days after it. */
  today: string;
  log?: (s: string) => void;
}

export async function loadDemoData(pool: pg.Pool, opts: LoadDemoOptions): Promise<{ loaded: boolean }> {
  const log = opts.log ?? (() => {});
  parseDay(opts.today);
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    const { rows } = await client.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM contacts) AS present');
    if (rows[0].present) {
      await client.query('ROLLBACK');
      log('Demo data not loaded: the database already has contacts');
      return { loaded: false };
    }

    // one hash for every demo login: argon2 is slow by design
    const ctx = createContext(DEMO_SEED, await hashPassword(DEMO_PASSWORD));
    const usedNames = new Set<string>();
    const divisions = addDivisions(ctx);
    addReasons(ctx);
    const payers = addPayers(ctx);
    const facilities = addFacilities(ctx);
    const partners = addPartners(ctx, usedNames);
    const loginPartners = {
      partner: partners.get(LOGIN_PARTNER_KEYS.partner)!,
      partner2: partners.get(LOGIN_PARTNER_KEYS.partner2)!,
    };
    const caseManagerBillTos = PROGRAM_BILL_TOS.slice(0, 2).map((b) => payers.programBillTo.get(b.name)!.id);
    const caseLoad = addDemoUsers(ctx, loginPartners, caseManagerBillTos, usedNames);
    const { passengers, demoPassenger } = addPassengers(ctx, divisions, payers, caseLoad, usedNames);

    const world: TripWorld = {
      divisions,
      // the demo passenger's rides are planned, so random trips leave that login alone
      passengersByDivision: groupBy(
        passengers.filter((p) => p.id !== DEMO_USER_IDS.passenger),
        (p) => p.divisionId,
      ),
      facilitiesByDivision: groupBy(facilities, (f) => f.divisionId),
      partnersByDivision: groupBy([...partners.values()], (p) => p.divisionId),
    };
    const trips = newTrips();
    const legs = newLegs();
    const firstReference = await reserveReferenceNumbers(client, 0);
    const tripCount = addDemoTrips(
      new Rng(deriveSeed(DEMO_SEED, 'trips')),
      {
        world,
        today: opts.today,
        loginPartners: [loginPartners.partner, loginPartners.partner2],
        demoPassenger,
        demoPassengerPartner: loginPartners.partner,
        firstReference,
      },
      trips,
      legs,
    );

    const contactCount = ctx.payers.size + ctx.contacts.size;
    for (const rows of rowSetsInOrder(ctx)) await rows.flush(client);
    const legCount = legs.size;
    await trips.flush(client);
    await legs.flush(client);
    await addPartnerZipCoverage(client);
    await addMemberCoverages(client, opts.today);
    await addDemoPlaces(client);
    await addDemoEnrollments(client, opts.today);
    await addDemoContactCare(client, opts.today);
    await addDemoEmployees(client, opts.today);
    await addDemoVehicles(client, opts.today);
    await addDemoWatchList(client, opts.today);
    await addDemoPortalTrips(client, opts.today);
    await addDemoPortalAccounts(client, opts.today);
    await addDemoEventSubscriptions(client, opts.today);
    await addDemoPartnerRates(client, opts.today);
    await addDemoMarketplace(client, opts.today);
    await addDemoPartnerMonitor(client, opts.today);
    // numbers were given explicitly; move the sequences past them for what gets booked next
    await reserveReferenceNumbers(client, 0);
    await client.query(
      `SELECT setval('contact_number_seq',
         greatest((SELECT max(contact_number) FROM contacts), (SELECT last_value FROM contact_number_seq)))`,
    );
    await client.query('COMMIT');
    log(
      `Demo data loaded: ${contactCount} contacts, ${tripCount} trips with ${legCount} legs ` +
        `(${DAYS_BACK} days back to ${DAYS_AHEAD} ahead of ${opts.today}) in ${Math.round(performance.now() - started)} ms`,
    );
    // Fresh statistics: without them the planner takes the new tables for empty and picks
    // plans that are slow once they are not (autovacuum would get there, but later).
    await pool.query('analyze');
    return { loaded: true };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
