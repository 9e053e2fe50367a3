import { WATCH_LIST_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { apiToken, auditRows, createPartner, formData, MAGIC, signIn } from './trip-factories.ts';
import { addWatchListEntry, createPassenger, uploadWorkbook, watchListRows, workbook } from './watch-list-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staffUser: Created;
let staff: Browser;
let partner: Browser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staffUser = await createContact(db.pool, { types: ['SecureEmployee'] });
  staff = await signIn(t.app, staffUser);
  partner = await signIn(t.app, (await createPartner(db.pool)).user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const HEADER = ['Member ID', 'Contact Number', 'Passenger', 'Reason', 'Start Date', 'End Date'];
const uploads = async () => (await db.pool.query('select count(*)::int as n from watch_list_uploads')).rows[0].n as number;

describe('POST watch-list-upload', () => {
  it('answers 401 without a session', async () => {
    const res = await uploadWorkbook(new Browser(t.app), await workbook([HEADER]));
    expect(res.statusCode).toBe(401);
  });

  it("refuses another type with 'Upload is of the wrong type', by name and by content, and keeps nothing", async () => {
    const before = await uploads();
    const csv = await uploadWorkbook(staff, 'Member ID,Reason\nM1,x\n', 'list.csv', 'text/csv');
    expect(csv.statusCode).toBe(415);
    expect(csv.json().message).toBe('Upload is of the wrong type');
    const pdf = await uploadWorkbook(staff, MAGIC.pdf, 'list.xlsx');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('Upload is of the wrong type');
    const json = await staff.post('/api/watch-list-upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await uploads()).toBe(before);
  });

  it('answers 400 for a form without the workbook, a broken workbook or one without the columns', async () => {
    const form = formData([{ name: 'note', data: 'x' }]);
    const empty = await staff.request('POST', '/api/watch-list-upload', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(WATCH_LIST_MSG.FILE_REQUIRED);
    const broken = await uploadWorkbook(staff, Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(200, 1)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(WATCH_LIST_MSG.UNREADABLE);
    const noHeader = await uploadWorkbook(staff, await workbook([['Name', 'Notes'], ['A', 'b']]));
    expect(noHeader.json().message).toBe(WATCH_LIST_MSG.NO_HEADER);
  });

  it('answers 413 for a workbook over 5 MB', async () => {
    const res = await uploadWorkbook(staff, Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The workbook is larger than 5 MB');
  });

  it('answers 403 to a partner and to an API token without POST in the watchlist area', async () => {
    const file = await workbook([HEADER, ['M1', null, null, 'x', null, null]]);
    expect((await uploadWorkbook(partner, file)).statusCode).toBe(403);
    const token = await apiToken(db.pool, staffUser.id, { watchlist: ['GET'] });
    const form = formData([{ name: 'file', filename: 'w.xlsx', data: file }]);
    const res = await new Browser(t.app).request('POST', '/api/watch-list-upload', {
      body: form.body,
      headers: { 'content-type': form.contentType, authorization: `Bearer ${token}`, origin: undefined },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('preview, then apply', () => {
  it('previews each row with its passenger and what applying does, and changes the list only when applied', async () => {
    const ann = await createPassenger(db.pool, { name: 'Ann Add' });
    const ula = await createPassenger(db.pool, { name: 'Ula Update' });
    const una = await createPassenger(db.pool, { name: 'Una Unchanged' });
    await addWatchListEntry(db.pool, ula.id, { reason: 'Old reason', startDate: '2026-11-01' });
    await addWatchListEntry(db.pool, una.id, { reason: 'Same', startDate: '2026-11-01', endDate: null });
    const file = await workbook([
      HEADER,
      [ann.memberId, null, 'Ann', 'Threatened a driver', new Date(Date.UTC(2026, 10, 22)), '12/31/2026'],
      [null, ula.contactNumber, null, 'New reason', '2026-11-01', null],
      [una.memberId, una.contactNumber, null, 'Same', '2026-11-01', null],
      ['NOPE1', null, 'Nobody', 'x', null, null],
      [ann.memberId, null, 'Ann again', 'twice', null, null],
    ]);
    const before = await watchListRows(db.pool);
    const res = await uploadWorkbook(staff, file);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.counts).toEqual({ add: 1, update: 1, unchanged: 1, error: 2 });
    expect(preview.rows.map((r: { line: number; action: string; passengerName: string | null; problems: string[] }) => [r.line, r.action, r.passengerName, r.problems])).toEqual([
      [2, 'add', 'Ann Add', []],
      [3, 'update', 'Ula Update', []],
      [4, 'unchanged', 'Una Unchanged', []],
      [5, 'error', null, ['No passenger has member id NOPE1']],
      [6, 'error', 'Ann Add', ['The same passenger is in row 2 already']],
    ]);
    expect(preview.rows[0]).toMatchObject({ startDate: '2026-11-22', endDate: '2026-12-31' });
    expect(await watchListRows(db.pool)).toEqual(before);

    const applied = await staff.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ uploadId: preview.uploadId, added: 1, updated: 1, unchanged: 1, skipped: 2 });
    const list = (await staff.get('/api/elevated-members')).json();
    expect(list.find((e: { passengerId: string }) => e.passengerId === ann.id)).toMatchObject({ reason: 'Threatened a driver', endDate: '2026-12-31', addedById: staffUser.id });
    expect(list.find((e: { passengerId: string }) => e.passengerId === ula.id)).toMatchObject({ reason: 'New reason' });
    const ulaEntry = list.find((e: { passengerId: string }) => e.passengerId === ula.id);
    expect((await auditRows(db.pool, 'elevated_members', ulaEntry.id)).at(-1)).toMatchObject({ activity_type: 'watch-list-change', before: { reason: 'Old reason' } });
    expect((await auditRows(db.pool, 'watch_list_uploads', preview.uploadId)).map((a) => a.activity_type)).toEqual(['watch-list-upload', 'watch-list-apply']);

    const again = await staff.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WATCH_LIST_MSG.ALREADY_APPLIED);
  });

  it("applies only the uploader's own upload, within a day", async () => {
    const p = await createPassenger(db.pool);
    const preview = (await uploadWorkbook(staff, await workbook([HEADER, [p.memberId, null, null, 'Falls', null, null]]))).json();
    const other = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
    const res = await other.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(WATCH_LIST_MSG.UPLOAD_NOT_FOUND);
    expect((await partner.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId })).statusCode).toBe(403);
    const age = (hours: number) =>
      db.pool.query('update watch_list_uploads set uploaded_at = $2 where id = $1', [preview.uploadId, new Date(t.clock.now().getTime() - hours * 3600_000)]);
    await age(25);
    expect((await staff.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId })).statusCode).toBe(404);
    await age(23);
    expect((await staff.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId })).statusCode).toBe(200);
    // a preview left unapplied for more than a day is let go at the next upload; an applied one stays
    const left = (await uploadWorkbook(staff, await workbook([HEADER, [p.memberId, null, null, 'Falls', null, null]]))).json();
    await db.pool.query('update watch_list_uploads set uploaded_at = uploaded_at - interval \'25 hours\' where id = any($1)', [[left.uploadId, preview.uploadId]]);
    await uploadWorkbook(staff, await workbook([HEADER, [p.memberId, null, null, 'Falls', null, null]]));
    const kept = await db.pool.query('select id from watch_list_uploads where id = any($1)', [[left.uploadId, preview.uploadId]]);
    expect(kept.rows.map((r) => r.id)).toEqual([preview.uploadId]);
  });

  it('skips a row whose passenger was deleted after the preview, and refuses an upload with nothing to apply', async () => {
    const p = await createPassenger(db.pool);
    const preview = (await uploadWorkbook(staff, await workbook([HEADER, [p.memberId, null, null, 'Falls', null, null]]))).json();
    await db.pool.query('update contacts set deleted = true where id = $1', [p.id]);
    expect((await staff.post('/api/watch-list-upload-apply', { uploadId: preview.uploadId })).json()).toMatchObject({ added: 0, skipped: 1 });
    const bad = (await uploadWorkbook(staff, await workbook([HEADER, ['NOBODY', null, null, 'x', null, null]]))).json();
    const res = await staff.post('/api/watch-list-upload-apply', { uploadId: bad.uploadId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WATCH_LIST_MSG.NOTHING_TO_APPLY);
  });
});
