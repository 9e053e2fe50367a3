import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { contract, CSV_MSG, MSG, PASSWORD_MSG, type Endpoint, type EndpointName } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { DECLINE_REASONS } from '../src/modules/demo/reference.ts';
import { createContact, PASSWORD } from './factories.ts';
import { casesFor, type Case } from './fuzz/cases.ts';
import { useKnownValues } from './fuzz/schema.ts';
import { countWrites } from './fuzz/writes.ts';
import { FUTURE, createDriver, createPartner, createReasons, createTrip } from './trip-factories.ts';

/**
 * Every endpoint of the contract, present and future, gets malformed input in each of its query
 * and body fields (wrong types, missing fields, 1 MB strings, NUL, lone surrogates, impossible
 * dates, non-finite and huge numbers, 10,000-deep nesting) and malformed bodies (not JSON, the
 * wrong content type, too large). None may answer 5xx; a refusal carries the API's error shape
 * with a message a person can read, and writes no row and no file.
 */

let db: TestDatabase;
let t: TestApp;
let writes: () => Promise<number>;
let admin: Browser;
let username: string;
let adminId: string;

const GENERIC = 'The server could not complete the request';
/**
 * The refusals that write by design: a wrong password, at sign-in or when a CSV export checks it
 * again, is recorded toward the sign-in throttle (docs/security.md) and the export's is audited;
 * so is a portal user's wrong current password when changing their own email or password.
 */
const WRITES_WHEN_REFUSED: Partial<Record<EndpointName, string>> = {
  login: MSG.INVALID_CREDENTIALS,
  csvExport: CSV_MSG.WRONG_PASSWORD,
  caseManagerUpdateEmail: PASSWORD_MSG.CURRENT_WRONG,
  caseManagerUpdatePassword: PASSWORD_MSG.CURRENT_WRONG,
};

const basic = (s: string) => 'Basic ' + Buffer.from(s, 'utf8').toString('base64');
/** Credentials that are malformed rather than wrong, for the one endpoint that reads a header. */
const LOGIN_HEADERS = [
  'Basic',
  'Basic !!!not-base64!!!',
  basic('no-colon'),
  basic(':'),
  basic('user\u0000:pw'),
  basic('\uD800:pw'),
  basic(`${'a'.repeat(300)}:pw`),
  basic(`user:${'p'.repeat(5000)}`),
  'Basic ' + 'A'.repeat(1024 * 1024),
  'Bearer \u00ff',
  'Digest x',
];

const filesIn = (dir: string): number =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

async function signIn(): Promise<void> {
  admin = new Browser(t.app);
  const res = await admin.login(username, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
}

/** One partner with a driver and a trip of a passenger, whose ids the requests carry so handlers get past "not found". */
async function seedRecords(): Promise<void> {
  await createReasons(db.pool);
  const { partner } = await createPartner(db.pool);
  const driver = await createDriver(db.pool, partner.id);
  const passenger = await createContact(db.pool, { types: ['Passenger'], username: null });
  const trip = await createTrip(db.pool, { partnerId: partner.id, serviceDate: FUTURE, legs: [{ passengerId: passenger.id }] });
  const receipt = randomUUID();
  await db.pool.query(`insert into receipts (id, uploaded_by, storage_key, original_name, content_type, size) values ($1, $2, $3, 'r.pdf', 'application/pdf', 10)`, [
    receipt,
    adminId,
    `receipts/fuzz/${receipt}`,
  ]);
  useKnownValues({
    ...Object.fromEntries(['id', 'da', 'daId', 'driveAssignmentId'].map((k) => [k, trip.id])),
    ...Object.fromEntries(['partnerId', 'affiliateId', 'providerId'].map((k) => [k, partner.id])),
    tripLegId: trip.legIds[0],
    passengerId: passenger.id,
    driverId: driver.id,
    referenceNumber: trip.referenceNumber,
    referenceNumbers: [trip.referenceNumber],
    modCount: trip.modCount,
    serviceDate: FUTURE,
    contactId: passenger.id,
    recipientIds: [adminId],
    farmoutContactNumber: partner.contactNumber,
    receipts: receipt,
    reason: DECLINE_REASONS[0].name,
    reasonId: DECLINE_REASONS[0].name,
    dateFrom: FUTURE,
    dateTo: FUTURE,
    passwordVerify: PASSWORD,
    json: { logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+1' }] },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const u = await createContact(db.pool, { name: 'Fuzz Admin', types: ['SecureEmployee', 'Affiliate', 'Admin'], adminAccess: true });
  username = u.username!;
  adminId = u.id;
  await seedRecords();
  writes = await countWrites(db.pool);
  await signIn();
});
afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

/** What is wrong with one answer, or null. */
function problemOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return `${res.statusCode} is not JSON: ${res.body.slice(0, 100)}`;
  let body: { error?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} body is not JSON`;
  }
  if (typeof body.error !== 'string' || body.error === '') return `${res.statusCode} without an error code`;
  if (typeof body.message !== 'string' || body.message.trim() === '' || body.message === GENERIC) return `${res.statusCode} without a readable message: ${JSON.stringify(body.message)}`;
  return null;
}

const messageOf = (res: { body: string }): unknown => {
  try {
    return JSON.parse(res.body).message;
  } catch {
    return undefined;
  }
};

async function send(c: Case & { authorization?: string }) {
  return admin.request(c.method, c.url, {
    ...(c.payload !== undefined ? { body: c.payload } : {}),
    headers: { ...(c.contentType ? { 'content-type': c.contentType } : {}), ...(c.authorization ? { authorization: c.authorization } : {}) },
  });
}

const covered = new Set<string>();
const entries = Object.entries(contract) as [EndpointName, Endpoint][];

describe('malformed input answers 4xx with a message and changes nothing, for every endpoint', () => {
  it.each(entries)('%s', async (name, ep) => {
    const cases: (Case & { authorization?: string })[] = casesFor(ep);
    if (name === 'login') cases.push(...LOGIN_HEADERS.map((authorization) => ({ label: `authorization ${authorization.slice(0, 30)}`, method: ep.method, url: `/api/${ep.path}`, authorization })));
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const c of cases) {
      const [rowsBefore, filesBefore] = [await writes(), filesIn(t.filesDir)];
      const res = await send(c);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problem = problemOf(res) ?? (c.expect && res.statusCode !== c.expect ? `answered ${res.statusCode}, not ${c.expect}: ${res.body.slice(0, 120)}` : null);
      if (problem) problems.push(`${c.method} ${c.label}: ${problem}`);
      if (res.statusCode >= 400 && !(WRITES_WHEN_REFUSED[name] && messageOf(res) === WRITES_WHEN_REFUSED[name])) {
        const [rowsAfter, filesAfter] = [await writes(), filesIn(t.filesDir)];
        if (rowsAfter !== rowsBefore) problems.push(`${c.method} ${c.label}: refused with ${res.statusCode} but wrote ${rowsAfter - rowsBefore} rows`);
        if (filesAfter !== filesBefore) problems.push(`${c.method} ${c.label}: refused with ${res.statusCode} but stored a file`);
      }
      // a case that ended the session (sign-out) must not turn the rest into 401s
      if (res.statusCode < 400 && (name === 'logout' || name === 'su')) await signIn();
    }
    if (process.env.FUZZ_REPORT) console.log(name, cases.length, JSON.stringify([...statuses]));
    expect(cases.length).toBeGreaterThan(0);
    // at least one case of each endpoint went past sign-in, so the fields were really read
    expect([...statuses.keys()].some((s) => s !== 401 && s !== 403) || 'public' in ep.access).toBe(true);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    covered.add(name);
  }, 180_000);

  it('covered every endpoint the contract declares, each registered by the server', () => {
    expect([...covered].sort()).toEqual(entries.map(([n]) => n).sort());
    for (const [, ep] of entries) expect(t.app.hasRoute({ method: ep.method, url: `/api/${ep.path}` }), `${ep.method} ${ep.path}`).toBe(true);
  });

  it('the write counter sees a write, so a silent refusal cannot pass by accident', async () => {
    const before = await writes();
    await createContact(db.pool, { username: null });
    expect(await writes()).toBeGreaterThan(before);
  });
});
