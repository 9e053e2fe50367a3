import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { CLIENT_VERSION, RECEIPT_MAX_BYTES, TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, ORIGIN, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import {
  auditRows,
  createPartner,
  createTrip,
  formData,
  MAGIC,
  PAST,
  signIn,
  tripRow,
  type CreatedTrip,
  type Partner,
} from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let y: Partner;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  y = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const upload = (b: Browser, parts: Parameters<typeof formData>[0]) => {
  const form = formData(parts);
  return b.request('POST', '/api/expense-receipt-upload', { body: form.body, headers: { 'content-type': form.contentType } });
};
const pdf = (name = 'toll.pdf') => ({ name: 'file', filename: name, type: 'application/pdf', data: Buffer.concat([MAGIC.pdf, Buffer.alloc(2000, 32)]) });
const receiptCount = async () => Number((await db.pool.query('select count(*) from receipts')).rows[0].count);

async function uploaded(b = partner): Promise<string> {
  const res = await upload(b, [pdf()]);
  expect(res.statusCode).toBe(200);
  return res.json().receiptId;
}

describe('POST /api/expense-receipt-upload', () => {
  it('answers 401 without a session and 403 to other roles', async () => {
    expect((await upload(new Browser(t.app), [pdf()])).statusCode).toBe(401);
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'] }));
    expect((await upload(cm, [pdf()])).statusCode).toBe(403);
  });

  it('stores a receipt through the file store and answers its id, name, size and type', async () => {
    const file = pdf('Toll – I-25.pdf');
    const res = await upload(partner, [{ name: 'note', data: 'toll plaza' }, file]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ receiptId: expect.any(String), name: 'Toll – I-25.pdf', size: file.data.length, contentType: 'application/pdf' });
    const { rows } = await db.pool.query('select * from receipts where id = $1', [body.receiptId]);
    expect(rows[0]).toMatchObject({ uploaded_by: x.user.id, drive_assignment_id: null, size: file.data.length });
    const stored = await t.files.get(rows[0].storage_key);
    const bytes: Buffer[] = [];
    for await (const c of stored as Readable) bytes.push(c as Buffer);
    expect(Buffer.concat(bytes).equals(file.data)).toBe(true);
    expect(await auditRows(db.pool, 'receipts', body.receiptId)).toEqual([
      expect.objectContaining({ activity_type: 'receipt-upload', actor_id: x.user.id, after: { name: 'Toll – I-25.pdf', size: file.data.length, contentType: 'application/pdf' } }),
    ]);
  });

  /**
   * Sends a body over a real socket in 256 KB pieces, waiting whenever the server stops reading,
   * until the answer arrives: `written` is what the server let through (its reads plus the
   * kernel's socket buffers), so a server that stops reading keeps it small.
   */
  async function sendOverSocket(body: Buffer, headers: Record<string, string>) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise<{ status: number; body: string; connection: string | undefined; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/expense-receipt-upload',
        headers: { ...headers, cookie, origin: ORIGIN, host: 'localhost:80', 'x-client-version': String(CLIENT_VERSION) },
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), connection: res.headers.connection, written });
        });
      });
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      const step = 256 * 1024;
      const pump = () => {
        while (!answered && written < body.length) {
          const piece = body.subarray(written, written + step);
          written += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it('answers 413 from the Content-Length of a body over 20 MB before reading it, then reads and drops the rest', async () => {
    const count = await receiptCount();
    const form = formData([{ name: 'file', filename: 'big.pdf', type: 'application/pdf', data: Buffer.concat([MAGIC.pdf, Buffer.alloc(2 * RECEIPT_MAX_BYTES, 32)]) }]);
    const res = await sendOverSocket(form.body, { 'content-type': form.contentType, 'content-length': String(form.body.length) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'too_large', message: TRIP_MSG.RECEIPT_TOO_LARGE });
    // the connection stays: the browser sends the whole body before it reads the answer
    expect(res.connection).toBe('keep-alive');
    expect(res.written).toBeLessThan(RECEIPT_MAX_BYTES / 2);
    expect(await receiptCount()).toBe(count);
  });

  it('answers 413 while streaming a body without Content-Length once the file passes 20 MB, and keeps no part of it', async () => {
    const count = await receiptCount();
    // 40 MB, chunked: the server must stop soon after the first 20 MB
    const form = formData([{ name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.concat([MAGIC.png, Buffer.alloc(2 * RECEIPT_MAX_BYTES, 7)]) }]);
    const res = await sendOverSocket(form.body, { 'content-type': form.contentType, 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(TRIP_MSG.RECEIPT_TOO_LARGE);
    expect(res.written).toBeGreaterThan(RECEIPT_MAX_BYTES);
    expect(res.written).toBeLessThan(RECEIPT_MAX_BYTES * 1.5);
    expect(await receiptCount()).toBe(count);
    const left = fs.readdirSync(t.filesDir, { recursive: true }).filter((f) => String(f).endsWith('.partial'));
    expect(left).toEqual([]);
  });

  it('answers 413 for a buffered body over 20 MB sent with its Content-Length', async () => {
    const big = Buffer.concat([MAGIC.pdf, Buffer.alloc(RECEIPT_MAX_BYTES + 1024, 32)]);
    const res = await upload(partner, [{ name: 'file', filename: 'big.pdf', type: 'application/pdf', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TRIP_MSG.RECEIPT_TOO_LARGE);
  });

  it('takes a receipt of exactly 20 MB', async () => {
    const exact = Buffer.concat([MAGIC.jpeg, Buffer.alloc(RECEIPT_MAX_BYTES - MAGIC.jpeg.length, 1)]);
    const res = await upload(partner, [{ name: 'file', filename: 'scan.jpg', type: 'image/jpeg', data: exact }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ size: RECEIPT_MAX_BYTES, contentType: 'image/jpeg' });
  });

  it('answers 415 for a type that is not a receipt, and for content that is not what its type says', async () => {
    const count = await receiptCount();
    const html = await upload(partner, [{ name: 'file', filename: 'r.html', type: 'text/html', data: '<!doctype html><script>alert(1)</script>' }]);
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(TRIP_MSG.RECEIPT_TYPE);
    const disguised = await upload(partner, [{ name: 'file', filename: 'r.png', type: 'image/png', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe(TRIP_MSG.RECEIPT_CONTENT('image/png'));
    const jpegAsPdf = await upload(partner, [{ name: 'file', filename: 'r.pdf', type: 'application/pdf', data: MAGIC.jpeg }]);
    expect(jpegAsPdf.statusCode).toBe(415);
    expect(await receiptCount()).toBe(count);
  });

  it('answers 400 for a form without a file field named "file", an empty file, and 415 for a body that is not a form', async () => {
    expect((await upload(partner, [{ ...pdf(), name: 'receipt' }])).json().message).toBe(TRIP_MSG.RECEIPT_FIELD);
    expect((await upload(partner, [{ name: 'note', data: 'no file' }])).statusCode).toBe(400);
    expect((await upload(partner, [{ ...pdf(), data: Buffer.alloc(0) }])).statusCode).toBe(400);
    const json = await partner.post('/api/expense-receipt-upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('GET /api/expense-receipt', () => {
  it('streams the file to its uploader, and answers 404 to another partner', async () => {
    const id = await uploaded();
    expect((await new Browser(t.app).get(`/api/expense-receipt?id=${id}`)).statusCode).toBe(401);
    expect((await partner.get('/api/expense-receipt')).statusCode).toBe(400);
    const res = await partner.get(`/api/expense-receipt?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''toll.pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await signIn(t.app, y.user);
    expect((await other.get(`/api/expense-receipt?id=${id}`)).statusCode).toBe(404);
    expect((await partner.get('/api/expense-receipt?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await partner.get('/api/expense-receipt?id=nope')).statusCode).toBe(404);
  });

  it('once attached, to whoever may see the trip (staff, another user of the partner), still not to another partner', async () => {
    const trip = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true });
    const id = await uploaded();
    expect((await partner.post(`/api/expense-add?${addQuery(trip, id)}`)).statusCode).toBe(200);
    const colleague = await signIn(t.app, await createContact(db.pool, { types: ['Affiliate'], parentId: x.partner.id }));
    expect((await colleague.get(`/api/expense-receipt?id=${id}`)).statusCode).toBe(200);
    const staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    expect((await staff.get(`/api/expense-receipt?id=${id}`)).statusCode).toBe(200);
    expect((await (await signIn(t.app, y.user)).get(`/api/expense-receipt?id=${id}`)).statusCode).toBe(404);
  });
});

function addQuery(trip: CreatedTrip, receipts: string, over: Record<string, string | number> = {}) {
  return new URLSearchParams({
    driveAssignmentId: trip.id,
    modCount: String(trip.modCount),
    reason: 'Tolls',
    amount: '4.50',
    notes: 'I-25 toll',
    receipts,
    ...Object.fromEntries(Object.entries(over).map(([k, v]) => [k, String(v)])),
  }).toString();
}

describe('POST /api/expense-add', () => {
  const done = (spec = {}) =>
    createTrip(db.pool, { partnerId: x.partner.id, serviceDate: PAST, accepted: true, partnerPayStatus: 'Pending', legs: [{ act: '09:01:00', dep: '09:04:00', drop: '09:42:00' }], ...spec });

  async function refused(trip: CreatedTrip, query: string, status: number, message?: string) {
    const before = await tripRow(db.pool, trip.id);
    const res = await partner.post(`/api/expense-add?${query}`);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    expect(await tripRow(db.pool, trip.id)).toEqual(before);
  }

  it('answers 401 without a session and 403 to other roles', async () => {
    const trip = await done();
    expect((await new Browser(t.app).post(`/api/expense-add?${addQuery(trip, 'x')}`)).statusCode).toBe(401);
    const pax = await signIn(t.app, await createContact(db.pool, { types: ['S/N Passenger'] }));
    expect((await pax.post(`/api/expense-add?${addQuery(trip, 'x')}`)).statusCode).toBe(403);
  });

  it('answers 400 for a reason off the list, a missing amount, no receipts, and receipts that are not the caller’s unused ones', async () => {
    const trip = await done();
    const id = await uploaded();
    await refused(trip, addQuery(trip, id, { reason: 'Fuel' }), 400, 'Choose Tolls, Lodging, Parking Fees or Other');
    await refused(trip, addQuery(trip, id, { amount: '0' }), 400, TRIP_MSG.AMOUNT_REQUIRED);
    await refused(trip, addQuery(trip, ' '), 400, TRIP_MSG.RECEIPT_REQUIRED);
    await refused(trip, addQuery(trip, 'not-a-receipt'), 400, TRIP_MSG.RECEIPT_UNKNOWN);
    const theirs = await uploaded(await signIn(t.app, y.user));
    await refused(trip, addQuery(trip, `${id},${theirs}`), 400, TRIP_MSG.RECEIPT_UNKNOWN);
  });

  it("answers 404 for another partner's trip and 409 for a stale modCount, changing nothing", async () => {
    const id = await uploaded();
    const theirs = await createTrip(db.pool, { partnerId: y.partner.id, serviceDate: PAST, accepted: true });
    await refused(theirs, addQuery(theirs, id), 404);
    const trip = await done();
    await refused(trip, addQuery({ ...trip, modCount: trip.modCount + 1 }, id), 409);
    expect((await db.pool.query('select drive_assignment_id from receipts where id = $1', [id])).rows[0].drive_assignment_id).toBeNull();
  });

  it('refuses a Final trip and a read-only one', async () => {
    const id = await uploaded();
    const final = await done({ partnerPayStatus: 'Final' });
    await refused(final, addQuery(final, id), 400, TRIP_MSG.FINALIZED_READ_ONLY);
    const dryRun = await done({ dryRun: true });
    await refused(dryRun, addQuery(dryRun, id), 400, TRIP_MSG.NOT_EDITABLE);
  });

  it('adds the expense for review with its receipts: pay back to Open, receipts attached once, all audited', async () => {
    const trip = await done();
    const a = await uploaded();
    const b = await uploaded();
    const res = await partner.post(`/api/expense-add?${addQuery(trip, `${a}, ${b}`, { reason: 'Parking Fees', amount: '12.75' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trip.id, modCount: trip.modCount + 1, partnerPayStatus: 'Open', outstandingAdjustments: 1 });
    const [activity] = (await tripRow(db.pool, trip.id)).activities as Record<string, unknown>[];
    expect(activity).toMatchObject({ action: 'Expense', status: 'Pending', reason: 'Parking Fees', amount: 12.75, notes: 'I-25 toll', created_by: x.user.id });
    const { rows } = await db.pool.query('select drive_assignment_id, partner_activity_id from receipts where id = any($1::uuid[])', [[a, b]]);
    expect(rows).toEqual([
      { drive_assignment_id: trip.id, partner_activity_id: activity.id },
      { drive_assignment_id: trip.id, partner_activity_id: activity.id },
    ]);
    expect(await auditRows(db.pool, 'drive_assignments', trip.id)).toEqual([
      expect.objectContaining({ activity_type: 'expense-add', before: { modCount: trip.modCount, partnerPayStatus: 'Pending' }, after: { modCount: trip.modCount + 1, partnerPayStatus: 'Open' } }),
    ]);
    expect(await auditRows(db.pool, 'receipts', a)).toHaveLength(2);
    expect(await auditRows(db.pool, 'partner_activities', activity.id as string)).toHaveLength(1);
    // a receipt serves one expense only
    const again = await partner.post(`/api/expense-add?${addQuery({ ...trip, modCount: trip.modCount + 1 }, a)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TRIP_MSG.RECEIPT_UNKNOWN);
  });
});
