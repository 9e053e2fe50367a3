import { URGENT_UNACCEPTED_ID, urgentUnacceptedFilter, type FilterNode } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNED_MSG } from '../src/modules/search/canned.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createPartner, signIn } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let colleague: Browser;
let admin: Browser;
let partner: Browser;
let staffId: string;

const tree = (value: string): FilterNode => ({ logicalOp: 'and', filters: [{ key: 'flag', op: 'eq', value }, { logicalOp: 'or', filters: [{ key: 'pca', op: 'eq', value: true }, { key: 'willCall', op: 'eq', value: true }] }] });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const s = await createContact(db.pool, { types: ['SecureEmployee'] });
  staffId = s.id;
  staff = await signIn(t.app, s);
  colleague = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  admin = await signIn(t.app, await createContact(db.pool, { types: ['Admin'], adminAccess: true }));
  partner = await signIn(t.app, (await createPartner(db.pool)).user);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const del = (b: Browser, id: string) => b.request('DELETE', `/api/canned-query?id=${encodeURIComponent(id)}`);
const audits = async (id: string) =>
  (await db.pool.query(`select activity_type, actor_id, before, after from audit_log where table_name = 'canned_queries' and record_id = $1 order by id`, [id])).rows;

describe('canned queries', () => {
  it('answers 401 without a session', async () => {
    const anon = new Browser(t.app);
    expect((await anon.get('/api/canned-queries')).statusCode).toBe(401);
    expect((await anon.post('/api/canned-query', { name: 'x', json: tree('A') })).statusCode).toBe(401);
    expect((await del(anon, URGENT_UNACCEPTED_ID)).statusCode).toBe(401);
  });

  it('answers 400 for a query that is not a valid custom query', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x', json: { logicalOp: 'or', filters: [] } }, 'A custom query needs a top-level AND'],
      [{ name: 'x', json: { key: 'flag', op: 'eq', value: 'A' } }, 'A custom query needs a top-level AND'],
      [{ name: 'x', json: { logicalOp: 'and', filters: [{ key: 'nope', op: 'eq', value: 'A' }] } }, 'Unknown filter key nope'],
      [{ name: 'x', json: { logicalOp: 'and', filters: [{ key: 'accepted', op: 'in', value: ['true'] }] } }, 'Accepted cannot use in'],
      [{ name: '', json: tree('A') }, 'Name the query'],
      [{ name: 'x'.repeat(81), json: tree('A') }, 'At most 80 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await staff.post('/api/canned-query', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await db.pool.query('select count(*)::int as n from canned_queries')).rows[0].n).toBe(0);
  });

  it('answers 403 to anyone but staff', async () => {
    expect((await partner.get('/api/canned-queries')).statusCode).toBe(403);
    expect((await partner.post('/api/canned-query', { name: 'x', json: tree('A') })).statusCode).toBe(403);
    expect((await del(partner, URGENT_UNACCEPTED_ID)).statusCode).toBe(403);
  });

  it('lists the built-in UrgentUnaccepted first, which cannot be changed or deleted', async () => {
    const list = (await staff.get('/api/canned-queries')).json();
    expect(list[0]).toEqual({ id: URGENT_UNACCEPTED_ID, name: URGENT_UNACCEPTED_ID, json: urgentUnacceptedFilter(), builtIn: true, createdBy: null, modCount: 0 });
    expect((await staff.get(`/api/canned-query?id=${URGENT_UNACCEPTED_ID}`)).json().json).toEqual(urgentUnacceptedFilter());
    const change = await staff.post('/api/canned-query', { id: URGENT_UNACCEPTED_ID, name: 'Mine', json: tree('A'), modCount: 0 });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(CANNED_MSG.BUILT_IN_CHANGE);
    const gone = await del(admin, URGENT_UNACCEPTED_ID);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(CANNED_MSG.BUILT_IN_DELETE);
  });

  it('saves, reads, replaces with modCount (409 on a stale one, row unchanged) and deletes, with audit rows', async () => {
    const created = await staff.post('/api/canned-query', { name: 'Flag A, PCA or will call', json: tree('A') });
    expect(created.statusCode).toBe(200);
    const q = created.json();
    expect(q).toMatchObject({ name: 'Flag A, PCA or will call', json: tree('A'), builtIn: false, createdBy: staffId, modCount: 0 });
    expect((await colleague.get('/api/canned-queries')).json().map((c: { id: string }) => c.id)).toEqual([URGENT_UNACCEPTED_ID, q.id]);
    expect((await colleague.get(`/api/canned-query?id=${q.id}`)).json()).toEqual(q);

    const replaced = await staff.post('/api/canned-query', { id: q.id, name: 'Flag B', json: tree('B'), modCount: 0 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: q.id, name: 'Flag B', json: tree('B'), modCount: 1 });

    const stale = await staff.post('/api/canned-query', { id: q.id, name: 'Flag C', json: tree('C'), modCount: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CANNED_MSG.STALE);
    expect(stale.json().current).toMatchObject({ name: 'Flag B', modCount: 1 });
    const noCount = await staff.post('/api/canned-query', { id: q.id, name: 'Flag C', json: tree('C') });
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().message).toBe(CANNED_MSG.MOD_COUNT_REQUIRED);
    expect((await staff.get(`/api/canned-query?id=${q.id}`)).json()).toMatchObject({ name: 'Flag B', modCount: 1 });

    // a colleague may use it but not change or delete it; an administrator may
    const notYours = await colleague.post('/api/canned-query', { id: q.id, name: 'Hijack', json: tree('X'), modCount: 1 });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(CANNED_MSG.NOT_YOURS);
    expect((await del(colleague, q.id)).statusCode).toBe(403);
    expect((await admin.post('/api/canned-query', { id: q.id, name: 'Flag D', json: tree('D'), modCount: 1 })).statusCode).toBe(200);

    const deleted = await del(staff, q.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: q.id });
    expect((await staff.get(`/api/canned-query?id=${q.id}`)).statusCode).toBe(404);
    expect((await del(staff, q.id)).statusCode).toBe(404);
    expect((await staff.get('/api/canned-queries')).json()).toHaveLength(1);

    const rows = await audits(q.id);
    expect(rows.map((r) => r.activity_type)).toEqual(['create', 'update', 'update', 'delete']);
    expect(rows[1].before).toEqual({ name: 'Flag A, PCA or will call', json: tree('A') });
    expect(rows[1].after).toEqual({ name: 'Flag B', json: tree('B') });
    expect(rows[0].actor_id).toBe(staffId);
  });

  it('answers 404 for an unknown or malformed id, and keeps hostile names as text', async () => {
    expect((await staff.get('/api/canned-query?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staff.get(`/api/canned-query?id=${encodeURIComponent("'; drop table x; --")}`)).statusCode).toBe(404);
    const name = "'; drop table canned_queries; -- Zoë";
    const res = await staff.post('/api/canned-query', { name, json: tree("%'\"_") });
    expect(res.statusCode).toBe(200);
    expect((await staff.get(`/api/canned-query?id=${res.json().id}`)).json()).toMatchObject({ name, json: tree("%'\"_") });
  });
});
