import type { MergeResult } from '@tripline/core';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import type { Browser } from './app.ts';
import { createBlacklist, createPassenger } from './contact-care-factories.ts';
import { createContact, PASSWORD } from './factories.ts';
import { createDriver, createPartner, createTrip, FUTURE, signIn } from './trip-factories.ts';
import { staffWorld } from './staff-world.ts';

const w = staffWorld();
const SIGN_IN_TABLES = ['sessions', 'mfa_remembered_devices', 'mfa_code_sends', 'csv_export_tokens'];

/** How many rows of each table name the contact by a foreign key (the catalogue's list), leaving out none. */
async function referencesTo(pool: Pool, id: string): Promise<Record<string, number>> {
  const { rows: fks } = await pool.query<{ table: string; column: string }>(
    `select cl.relname as table, a.attname as column from pg_constraint c join pg_class cl on cl.oid = c.conrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'contacts'::regclass`,
  );
  const out: Record<string, number> = {};
  for (const fk of fks) {
    const { rows } = await pool.query(`select count(*)::int as n from "${fk.table}" where "${fk.column}" = $1`, [id]);
    if (rows[0].n > 0) out[`${fk.table}.${fk.column}`] = rows[0].n;
  }
  return out;
}

const modCount = async (id: string) => (await w.db.pool.query('select mod_count from contacts where id = $1', [id])).rows[0].mod_count as number;
const merge = async (b: Browser, keepId: string, mergeId: string, dryRun: boolean) =>
  b.post('/api/contact-merge', { keepId, mergeId, dryRun, keepModCount: await modCount(keepId), mergeModCount: await modCount(mergeId) });
const contactRow = async (id: string) => (await w.db.pool.query('select * from contacts where id = $1', [id])).rows[0];

describe('GET contact-dup-check', () => {
  it('finds contacts with a similar name and a shared date of birth, member id, phone, with the reasons', async () => {
    const ana = await createPassenger(w.db.pool, { name: 'Anabel Montoya', dateOfBirth: '1951-04-09', memberId: 'NM88812', phone: '(505) 555-0140' });
    const byDob = await createPassenger(w.db.pool, { name: 'Annabel Montoya', dateOfBirth: '1951-04-09' });
    const byPhone = await createPassenger(w.db.pool, { name: 'Montoya Anabel', phone: '505-555-0140' });
    await createPassenger(w.db.pool, { name: 'Anabel Montoya' });
    await createPassenger(w.db.pool, { name: 'Gilbert Sisneros', dateOfBirth: '1951-04-09', memberId: 'NM88812' });
    const res = await w.staff.get(`/api/contact-dup-check?contactId=${ana.id}`);
    expect(res.statusCode).toBe(200);
    const found = res.json() as { id: string; reasons: string[] }[];
    expect(found.map((f) => f.id).sort()).toEqual([byDob.id, byPhone.id].sort());
    expect(found.find((f) => f.id === byDob.id)!.reasons).toEqual(['Similar name', 'Same date of birth']);
    expect(found.find((f) => f.id === byPhone.id)!.reasons).toEqual(['Similar name', 'Same phone (505) 555-0140']);
    expect((await w.staff.get('/api/contact-dup-check?contactId=nope')).statusCode).toBe(400);
    expect((await w.staff.get('/api/contact-dup-check?contactId=11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
  });
});

describe('POST contact-merge refusals', () => {
  it('refuses bad input, itself, two sign-ins and a passenger becoming a case manager (400); unknown 404; stale 409; nothing changes', async () => {
    const a = await createPassenger(w.db.pool);
    const b = await createPassenger(w.db.pool);
    const before = [await contactRow(a.id), await contactRow(b.id)];
    expect((await w.staff.post('/api/contact-merge', { keepId: a.id, mergeId: b.id })).json().message).toBe('keepModCount is required');
    expect((await merge(w.staff, a.id, a.id, false)).json().message).toBe('A contact cannot be merged into itself');
    const cm = await createContact(w.db.pool, { types: ['Case Manager'], username: null, name: 'Carla Chavez' });
    expect((await merge(w.staff, a.id, cm.id, false)).json().message).toBe('Contact cannot be both passenger and case manager');
    const u1 = await createPassenger(w.db.pool, { name: 'Sign One', username: `one_${Date.now()}` });
    const u2 = await createPassenger(w.db.pool, { name: 'Sign Two', username: `two_${Date.now()}` });
    expect((await merge(w.staff, u1.id, u2.id, false)).json().message).toBe('Sign One and Sign Two can both sign in: remove the sign-in of one of them before merging');
    const unknown = { keepId: a.id, mergeId: '11111111-1111-4111-8111-111111111111', dryRun: false, keepModCount: 0, mergeModCount: 0 };
    expect((await w.staff.post('/api/contact-merge', unknown)).statusCode).toBe(404);
    const stale = await w.staff.post('/api/contact-merge', { keepId: a.id, mergeId: b.id, dryRun: false, keepModCount: 0, mergeModCount: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ merge: { id: b.id, modCount: 0 } });
    expect([await contactRow(a.id), await contactRow(b.id)]).toEqual(before);
  });
});

describe('POST contact-merge', () => {
  it('moves every reference to the kept contact, found from the catalogue, with the same counts as its dry run', async () => {
    const pool = w.db.pool;
    const keep = await createPassenger(pool, { name: 'Eliseo Gallegos', phone: '(505) 555-0101', email: 'eliseo@example.com' });
    const gone = await createPassenger(pool, { name: 'Eliseo Gallegos', phone: '505.555.0101', email: 'ELISEO@example.com', username: `eg_${Date.now()}` });
    await pool.query(`insert into contact_phones (contact_id, phone_number_with_area_code, main, type) values ($1, '(505) 555-0199', false, 'Cell')`, [gone.id]);
    await pool.query(`update contacts set types = array['S/N Passenger', 'Passenger'], date_of_birth = '1960-01-02', member_id = 'NM4411' where id = $1`, [gone.id]);
    const trip = await createTrip(pool, { serviceDate: FUTURE, legs: [{ passengerId: gone.id }, { passengerId: keep.id }] });
    await createBlacklist(pool, w.x.partner.id, gone.id, { requestedBy: 'Operator' });
    await pool.query(`insert into infectious_diseases (contact_id, disease, start_date, end_date, agent_name) values ($1, 'Flu', '2026-11-20', '2026-11-25', 'x')`, [gone.id]);
    // a table another area adds later: found in the catalogue without a change to the merge
    await pool.query('create table merge_later_table (id serial primary key, rider uuid references contacts(id))');
    await pool.query('insert into merge_later_table (rider) values ($1), ($1)', [gone.id]);
    // a sign-in of the merged contact: its session stays as it is
    const session = await signIn(w.t.app, { ...gone, username: gone.username });
    expect((await session.get('/api/current-user')).statusCode).toBe(200);

    const before = await referencesTo(pool, gone.id);
    const keepBefore = await contactRow(keep.id);
    const dry = await merge(w.staff, keep.id, gone.id, true);
    expect(dry.statusCode).toBe(200);
    const planned = dry.json() as MergeResult;
    expect(planned.dryRun).toBe(true);
    expect(await referencesTo(pool, gone.id)).toEqual(before);
    expect(await contactRow(keep.id)).toEqual(keepBefore);

    const res = await merge(w.staff, keep.id, gone.id, false);
    expect(res.statusCode).toBe(200);
    const done = res.json() as MergeResult;
    expect(done.counts).toEqual(planned.counts);
    expect(done.conflicts).toEqual(planned.conflicts);
    expect(done.types).toEqual(['S/N Passenger', 'Passenger']);
    expect(done.counts).toEqual(
      expect.arrayContaining([
        { table: 'trip_legs', column: 'passenger_id', moved: 1, dropped: 0 },
        { table: 'contact_phones', column: 'contact_id', moved: 1, dropped: 1 },
        { table: 'contact_emails', column: 'contact_id', moved: 0, dropped: 1 },
        { table: 'blacklists', column: 'passenger_id', moved: 1, dropped: 0 },
        { table: 'merge_later_table', column: 'rider', moved: 2, dropped: 0 },
      ]),
    );
    expect(done.conflicts).toEqual(["Phone (505) 555-0101 is already the kept contact's", "Email ELISEO@example.com is already the kept contact's"]);

    // no table names the merged contact any more, but the sign-in history
    const left = Object.keys(await referencesTo(pool, gone.id)).filter((k) => !SIGN_IN_TABLES.includes(k.split('.')[0]));
    expect(left).toEqual([]);
    const kept = await contactRow(keep.id);
    expect(kept).toMatchObject({ types: ['S/N Passenger', 'Passenger'], member_id: 'NM4411', username: gone.username, deleted: false });
    expect(await contactRow(gone.id)).toMatchObject({ deleted: true, merged_into_id: keep.id, username: null });
    const phones = await pool.query('select phone_number_with_area_code as p, main from contact_phones where contact_id = $1 order by main desc', [keep.id]);
    expect(phones.rows).toEqual([{ p: '(505) 555-0101', main: true }, { p: '(505) 555-0199', main: false }]);
    expect((await pool.query('select passenger_id from trip_legs where drive_assignment_id = $1', [trip.id])).rows.every((r) => r.passenger_id === keep.id)).toBe(true);
    // the merged contact's session signs nobody in any more; the kept contact signs in with the moved login
    expect((await session.get('/api/current-user')).statusCode).toBe(401);
    expect((await new (session.constructor as typeof Browser)(w.t.app).login(gone.username!, PASSWORD)).statusCode).toBe(200);

    const audits = await pool.query(`select table_name, record_id, before, after from audit_log where activity_type = 'contact-merge' order by id`);
    const tables = audits.rows.map((r) => r.table_name);
    for (const c of done.counts) expect(tables).toContain(c.table);
    const image = audits.rows.find((r) => r.table_name === 'contacts' && r.record_id === gone.id);
    expect(image.before).toMatchObject({ id: gone.id, name: 'Eliseo Gallegos', member_id: 'NM4411', deleted: false });
    expect(image.before.password_hash).toBeUndefined();
  });

  it("rewrites the numbers that name a partner and a driver, and the merged partner's number leads to the kept one", async () => {
    const pool = w.db.pool;
    const keep = await createPartner(pool, 'Mesa Vans');
    const gone = await createPartner(pool, 'Mesa Vans LLC');
    const keepDriver = await createDriver(pool, keep.partner.id, { employeeNumber: 'K100' });
    const goneDriver = await createDriver(pool, keep.partner.id, { employeeNumber: 'G200' });
    const trip = await createTrip(pool, { partnerId: gone.partner.id, serviceDate: FUTURE, driverId: goneDriver.id, driverEmpNumberAssigned: 'G200' });
    await pool.query('update drive_assignments set farmout_contact_number = $2 where id = $1', [trip.id, gone.partner.contactNumber]);

    expect((await merge(w.staff, keep.partner.id, gone.partner.id, false)).statusCode).toBe(200);
    expect((await merge(w.staff, keepDriver.id, goneDriver.id, false)).statusCode).toBe(200);
    const row = (await pool.query('select * from drive_assignments where id = $1', [trip.id])).rows[0];
    expect(row).toMatchObject({ farmout_contact_id: keep.partner.id, driver_id: keepDriver.id, driver_emp_number_assigned: 'K100' });
    expect(Number(row.farmout_contact_number)).toBe(Number(keep.partner.contactNumber));

    const other = await createTrip(pool, { serviceDate: FUTURE });
    const res = await w.staff.request('PATCH', '/api/drive-assignments-detailed', {
      body: { id: other.id, modCount: other.modCount, farmoutContactNumber: Number(gone.partner.contactNumber) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().farmoutContactId).toBe(keep.partner.id);
  });

  it("drops a row that would repeat one of the kept contact's under a unique key, and moves the rest", async () => {
    const pool = w.db.pool;
    const keep = await createContact(pool, { types: ['Bill To'], username: null, name: 'Sunrise Dialysis Program' });
    const gone = await createContact(pool, { types: ['Bill To'], username: null, name: 'Sunrise Dialysis Program' });
    const both = await createContact(pool, { types: ['Case Manager'], username: null, billToIds: [keep.id, gone.id] });
    const onlyGone = await createContact(pool, { types: ['Case Manager'], username: null, billToIds: [gone.id] });
    const res = await merge(w.staff, keep.id, gone.id, false);
    expect(res.statusCode).toBe(200);
    expect((res.json() as MergeResult).counts).toContainEqual({ table: 'case_manager_bill_tos', column: 'bill_to_id', moved: 1, dropped: 1 });
    const links = await pool.query('select case_manager_id from case_manager_bill_tos where bill_to_id = $1 order by case_manager_id', [keep.id]);
    expect(links.rows.map((r) => r.case_manager_id)).toEqual([both.id, onlyGone.id].sort());
  });

  it('changes nothing when any step fails (an injected refusal of another table)', async () => {
    const pool = w.db.pool;
    const keep = await createPassenger(pool);
    const gone = await createPassenger(pool, { phone: '(505) 555-0177' });
    await createTrip(pool, { serviceDate: FUTURE, legs: [{ passengerId: gone.id }] });
    await pool.query(`create table merge_refusing_table (id serial primary key, who uuid references contacts(id), check (who <> '${keep.id}'))`);
    await pool.query('insert into merge_refusing_table (who) values ($1)', [gone.id]);
    const before = { refs: await referencesTo(pool, gone.id), keep: await contactRow(keep.id), gone: await contactRow(gone.id) };
    const audits = (await pool.query('select count(*)::int as n from audit_log')).rows[0].n;

    const res = await merge(w.staff, keep.id, gone.id, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The contacts could not be merged, nothing was changed: merge_refusing_table: /);
    expect({ refs: await referencesTo(pool, gone.id), keep: await contactRow(keep.id), gone: await contactRow(gone.id) }).toEqual(before);
    expect((await pool.query('select count(*)::int as n from audit_log')).rows[0].n).toBe(audits);
    await pool.query('drop table merge_refusing_table');
  });

  it('lets one of two merges at the same moment win; the other answers 409 and the pair stays whole', async () => {
    const a = await createPassenger(w.db.pool);
    const b = await createPassenger(w.db.pool);
    const body = (keepId: string, mergeId: string) => ({ keepId, mergeId, dryRun: false, keepModCount: 0, mergeModCount: 0 });
    const other = await signIn(w.t.app, await createContact(w.db.pool, { types: ['SecureEmployee'] }));
    const [r1, r2] = await Promise.all([w.staff.post('/api/contact-merge', body(a.id, b.id)), other.post('/api/contact-merge', body(b.id, a.id))]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const rows = [await contactRow(a.id), await contactRow(b.id)];
    expect(rows.filter((r) => r.deleted)).toHaveLength(1);
    const survivor = rows.find((r) => !r.deleted)!;
    expect(rows.find((r) => r.deleted)!.merged_into_id).toBe(survivor.id);
  });
});
