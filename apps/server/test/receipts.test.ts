import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { CLIENT_VERSION, RECEIPT_TEXT, RECEIPT_UNATTACHED_MAX, TRIP_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeUnattachedReceipts } from '../src/modules/trips/receipts.ts';
import { REFUSED_BODY_DRAIN_BYTES } from '../src/platform/refused-bodies.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { auditRows, createPartner, createTrip, formData, MAGIC, signIn, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool);
  partner = await signIn(t.app, x.user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

type Part = Parameters<typeof formData>[0][number];
const pdf = (filename = 'toll.pdf'): Part => ({ name: 'file', filename, type: 'application/pdf', data: Buffer.concat([MAGIC.pdf, Buffer.alloc(500, 32)]) });
const upload = (b: Browser, parts: Part[]) => {
  const form = formData(parts);
  return b.request('POST', '/api/expense-receipt-upload', { body: form.body, headers: { 'content-type': form.contentType } });
};
const receiptsOf = async (userId: string) =>
  (await db.pool.query('select id, original_name, storage_key from receipts where uploaded_by = $1 order by created_at', [userId])).rows;
const storedFiles = () => fs.readdirSync(t.filesDir, { recursive: true }).filter((f) => fs.statSync(`${t.filesDir}/${f}`).isFile()).length;

describe('a body the server refuses', () => {
  /**
   * Sends requests one after another on one connection, as a browser does: each whole body is
   * written before the next request. Answers each answer's status and JSON; fails if the server
   * closes the connection first.
   */
  async function onOneConnection(requests: { path: string; body: Buffer; headers: Record<string, string> }[]) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let wake = () => {};
    let closed = false;
    socket.on('data', (c: Buffer) => {
      received = Buffer.concat([received, c]);
      wake();
    });
    socket.on('close', () => {
      closed = true;
      wake();
    });
    socket.on('error', () => {});
    /** The next whole answer off the connection (its body has a Content-Length). */
    const nextAnswer = async () => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end >= 0) {
          const head = received.subarray(0, end).toString();
          const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (received.length >= end + 4 + length) {
            const body = received.subarray(end + 4, end + 4 + length).toString();
            received = received.subarray(end + 4 + length);
            return { status: Number(head.split(' ')[1]), json: JSON.parse(body) };
          }
        }
        if (closed) throw new Error('the server closed the connection');
        await new Promise<void>((resolve) => (wake = resolve));
      }
    };
    const answers = [];
    for (const r of requests) {
      const headers = { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, 'x-client-version': String(CLIENT_VERSION), 'content-length': String(r.body.length), ...r.headers };
      const head = `POST ${r.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
      await new Promise<void>((resolve, reject) => socket.write(Buffer.concat([Buffer.from(head), r.body]), (e) => (e ? reject(e) : resolve())));
      answers.push(await nextAnswer());
    }
    socket.destroy();
    return answers;
  }
  const cookieOf = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('answers a 25 MB receipt with 413, reads the rest, and the connection serves the next request', async () => {
    const before = await receiptsOf(x.user.id);
    const big = formData([{ name: 'file', filename: 'scan.pdf', type: 'application/pdf', data: Buffer.concat([MAGIC.pdf, Buffer.alloc(25 * 1024 * 1024, 32)]) }]);
    // refused on its first bytes, with 5 MB still to come
    const svg = formData([{ name: 'file', filename: 'r.png', type: 'image/png', data: Buffer.concat([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), Buffer.alloc(5 * 1024 * 1024, 32)]) }]);
    const small = formData([pdf()]);
    const [tooLarge, wrongType, next] = await onOneConnection([
      { path: '/api/expense-receipt-upload', body: big.body, headers: { 'content-type': big.contentType, cookie: cookieOf(partner) } },
      { path: '/api/expense-receipt-upload', body: svg.body, headers: { 'content-type': svg.contentType, cookie: cookieOf(partner) } },
      { path: '/api/expense-receipt-upload', body: small.body, headers: { 'content-type': small.contentType, cookie: cookieOf(partner) } },
    ]);
    expect(tooLarge).toEqual({ status: 413, json: expect.objectContaining({ error: 'too_large', message: TRIP_MSG.RECEIPT_TOO_LARGE }) });
    expect(wrongType).toEqual({ status: 415, json: expect.objectContaining({ message: TRIP_MSG.RECEIPT_CONTENT('image/png') }) });
    expect(next.status).toBe(200);
    expect(await receiptsOf(x.user.id)).toHaveLength(before.length + 1);
  });

  it('answers a 25 MB JSON body with 413 the same way', async () => {
    const big = Buffer.from(JSON.stringify({ description: 'x'.repeat(25 * 1024 * 1024) }));
    const [tooLarge, next] = await onOneConnection([
      { path: '/api/bug-report', body: big, headers: { 'content-type': 'application/json' } },
      { path: '/api/logout', body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } },
    ]);
    expect(tooLarge).toEqual({ status: 413, json: expect.objectContaining({ error: 'too_large' }) });
    expect(next.status).toBe(200);
  });

  it(`closes the connection at once for a body that says it is over ${REFUSED_BODY_DRAIN_BYTES / 1024 / 1024} MB`, async () => {
    const res = await partner.request('POST', '/api/expense-receipt-upload', {
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(REFUSED_BODY_DRAIN_BYTES + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
  });
});

describe('POST /api/expense-receipt-upload, one file', () => {
  it('answers 400 for two files in the form and keeps neither', async () => {
    const rows = (await receiptsOf(x.user.id)).length;
    const files = storedFiles();
    const res = await upload(partner, [pdf('a.pdf'), pdf('b.pdf')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: RECEIPT_TEXT.ONE_FILE });
    // a second file under another field name is refused the same way
    expect((await upload(partner, [pdf('a.pdf'), { ...pdf('b.pdf'), name: 'other' }])).json().message).toBe(RECEIPT_TEXT.ONE_FILE);
    expect(await receiptsOf(x.user.id)).toHaveLength(rows);
    expect(storedFiles()).toBe(files);
  });

  it('takes one file beside small fields', async () => {
    const res = await upload(partner, [{ name: 'note', data: 'toll' }, pdf('one.pdf'), { name: 'other', data: 'x' }]);
    expect(res.statusCode).toBe(200);
  });
});

describe('receipt file names', () => {
  it('are kept without control or bidirectional characters, and without a path', async () => {
    const res = await upload(partner, [pdf('C:\\fakepath\\in\u202Efdp.exe\u0007\u001b\u0085.pdf')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('infdp.exe.pdf');
    const { rows } = await db.pool.query('select original_name from receipts where id = $1', [res.json().receiptId]);
    expect(rows[0].original_name).toBe('infdp.exe.pdf');
    const download = await partner.get(`/api/expense-receipt?id=${res.json().receiptId}`);
    expect(download.headers['content-disposition']).toBe(`inline; filename*=UTF-8''infdp.exe.pdf`);
  });
});

describe('the quota of receipts not on an expense', () => {
  it(`refuses the upload after ${RECEIPT_UNATTACHED_MAX} with 429, counting only unattached ones of that user`, async () => {
    const y = await createPartner(db.pool);
    const someone = await signIn(t.app, y.user);
    for (let i = 0; i < RECEIPT_UNATTACHED_MAX; i++) expect((await upload(someone, [pdf(`r${i}.pdf`)])).statusCode).toBe(200);
    const files = storedFiles();
    const refused = await upload(someone, [pdf('one-more.pdf')]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', message: RECEIPT_TEXT.QUOTA });
    expect(await receiptsOf(y.user.id)).toHaveLength(RECEIPT_UNATTACHED_MAX);
    expect(storedFiles()).toBe(files);
    // another user is not affected
    expect((await upload(partner, [pdf()])).statusCode).toBe(200);
    // one receipt taken by a trip makes room for one more
    const trip = await createTrip(db.pool, { partnerId: y.partner.id });
    const [first] = await receiptsOf(y.user.id);
    await db.pool.query('update receipts set drive_assignment_id = $2 where id = $1', [first.id, trip.id]);
    expect((await upload(someone, [pdf('one-more.pdf')])).statusCode).toBe(200);
    expect((await upload(someone, [pdf('two-more.pdf')])).statusCode).toBe(429);
  });
});

describe('removing receipts no expense took', () => {
  it('removes them 24 hours after upload, row and file, with an audit row, and keeps attached ones', async () => {
    const z = await createPartner(db.pool);
    const b = await signIn(t.app, z.user);
    t.clock.set('2026-11-22T08:00:00Z');
    const early = (await upload(b, [pdf('early.pdf')])).json().receiptId as string;
    const kept = (await upload(b, [pdf('kept.pdf')])).json().receiptId as string;
    const trip = await createTrip(db.pool, { partnerId: z.partner.id });
    await db.pool.query('update receipts set drive_assignment_id = $2 where id = $1', [kept, trip.id]);
    t.clock.set('2026-11-22T09:00:00Z');
    const later = (await upload(b, [pdf('later.pdf')])).json().receiptId as string;
    const keyOf = async (id: string) => (await db.pool.query('select storage_key from receipts where id = $1', [id])).rows[0].storage_key as string;
    const earlyKey = await keyOf(early);

    // exactly 24 hours after the upload it is still there
    expect(await removeUnattachedReceipts({ pool: db.pool, files: t.files }, new Date('2026-11-23T08:00:00Z'))).toBe(0);
    expect(await removeUnattachedReceipts({ pool: db.pool, files: t.files }, new Date('2026-11-23T08:00:00.001Z'))).toBe(1);
    expect((await receiptsOf(z.user.id)).map((r) => r.id).sort()).toEqual([kept, later].sort());
    expect(await t.files.get(earlyKey)).toBeNull();
    expect(await t.files.get(await keyOf(kept))).not.toBeNull();
    expect(await auditRows(db.pool, 'receipts', early)).toEqual([
      expect.objectContaining({ activity_type: 'receipt-upload' }),
      expect.objectContaining({ activity_type: 'receipt-expire', actor_id: null, before: { name: 'early.pdf', size: MAGIC.pdf.length + 500, uploadedBy: z.user.id } }),
    ]);
    // the download of a removed receipt is 404; an expense naming it asks for it again
    expect((await b.get(`/api/expense-receipt?id=${early}`)).statusCode).toBe(404);

    // a batch at a time until none is due: every unattached receipt of every user, here one by one
    const due = Number((await db.pool.query('select count(*) from receipts where partner_activity_id is null and drive_assignment_id is null')).rows[0].count);
    expect(due).toBeGreaterThan(2);
    expect(await removeUnattachedReceipts({ pool: db.pool, files: t.files }, new Date('2026-11-24T12:00:00Z'), 1)).toBe(due);
    expect((await receiptsOf(z.user.id)).map((r) => r.id)).toEqual([kept]);
    expect(storedFiles()).toBe(Number((await db.pool.query('select count(*) from receipts')).rows[0].count));
  });
});
