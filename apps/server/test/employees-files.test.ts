import { EMPLOYEE_CSV_COLUMNS, PHOTO_MAX_BYTES } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { employeeRow } from './employees-factories.ts';
import { createContact } from './factories.ts';
import { staffWorld } from './staff-world.ts';
import { auditRows, createDriver, createPartner, formData, MAGIC, signIn } from './trip-factories.ts';

const w = staffWorld();

const photoForm = (data: Buffer, type = 'image/png', filename = 'face.png') => formData([{ name: 'file', filename, type, data }]);
const upload = (b: Browser, url: string, form: { body: Buffer; contentType: string }) =>
  b.request('POST', url, { body: form.body, headers: { 'content-type': form.contentType } });
const filesIn = async (prefix: string) => (await w.db.pool.query('select photo_key from contacts where photo_key like $1', [`${prefix}%`])).rows.length;

describe('employee-photo', () => {
  it('401 without a session', async () => {
    const res = await upload(new Browser(w.t.app), '/api/employee-photo?employeeId=x', photoForm(MAGIC.png));
    expect(res.statusCode).toBe(401);
  });

  it('415 for a file that is not an image, 413 over 5 MB; the photo stays as it was', async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    const pdf = await upload(partner, `/api/employee-photo?employeeId=${d.id}`, photoForm(MAGIC.pdf, 'application/pdf', 'face.pdf'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('A photo must be a JPEG, PNG, GIF or WebP image');
    const disguised = await upload(partner, `/api/employee-photo?employeeId=${d.id}`, photoForm(MAGIC.pdf, 'image/png'));
    expect(disguised.statusCode).toBe(415);
    const big = Buffer.concat([MAGIC.png, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const large = await upload(partner, `/api/employee-photo?employeeId=${d.id}`, photoForm(big));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('A photo may be at most 5 MB');
    expect((await employeeRow(w.db.pool, d.id)).photo_key).toBeNull();
  });

  it("stores a photo, replaces it, and serves it to those who may see the employee; another partner's is 404", async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id);
    const partner = await signIn(w.t.app, w.x.user);
    expect((await partner.get(`/api/employee-photo?employeeId=${d.id}`)).statusCode).toBe(404);
    const first = await upload(partner, `/api/employee-photo?employeeId=${d.id}`, photoForm(MAGIC.png));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ employeeId: d.id, contentType: 'image/png', size: MAGIC.png.length });
    const second = await upload(partner, `/api/employee-photo?employeeId=${d.id}`, photoForm(MAGIC.jpeg, 'image/jpeg', 'face.jpg'));
    expect(second.json().contentType).toBe('image/jpeg');
    const got = await partner.get(`/api/employee-photo?employeeId=${d.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(MAGIC.jpeg)).toBe(true);
    expect(await filesIn(`employee-photos/${d.id}/`)).toBe(1);
    expect((await partner.get(`/api/employees?id=${d.id}`)).json()[0].hasPhoto).toBe(true);
    expect((await auditRows(w.db.pool, 'contacts', d.id)).map((a) => a.activity_type)).toEqual(['employee-photo', 'employee-photo']);

    const other = await signIn(w.t.app, (await createPartner(w.db.pool)).user);
    expect((await other.get(`/api/employee-photo?employeeId=${d.id}`)).statusCode).toBe(404);
    expect((await upload(other, `/api/employee-photo?employeeId=${d.id}`, photoForm(MAGIC.png))).statusCode).toBe(404);
  });
});

const csv = (lines: string[]) => formData([{ name: 'file', filename: 'staff.csv', type: 'text/csv', data: lines.join('\r\n') }]);

describe('employee-import-upload and employee-import-approve', () => {
  it('401, then 415 for a file that is not CSV', async () => {
    expect((await upload(new Browser(w.t.app), '/api/employee-import-upload', csv(['firstName,lastName']))).statusCode).toBe(401);
    const partner = await signIn(w.t.app, w.x.user);
    const res = await upload(partner, '/api/employee-import-upload', formData([{ name: 'file', filename: 'staff.xlsx', type: 'application/octet-stream', data: 'PK' }]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Upload is of the wrong type');
  });

  it('400 for a file without the name columns', async () => {
    const partner = await signIn(w.t.app, w.x.user);
    const res = await upload(partner, '/api/employee-import-upload', csv(['employeeNumber', 'E1']));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file needs firstName and lastName columns');
  });

  it('previews Create, Update and Ignore rows, then saves the good ones once', async () => {
    const existing = await createDriver(w.db.pool, w.x.partner.id, { employeeNumber: 'IMP1' });
    const partner = await signIn(w.t.app, w.x.user);
    const res = await upload(
      partner,
      '/api/employee-import-upload',
      csv([
        'Employee Number,First Name,Last Name,Hired Date,Phone',
        'IMP1,Updated,Driver,1/2/2024,5055550111',
        'IMP2,New,Driver,2024-03-04,',
        'IMP3,,Nameless,,',
        'IMP4,Bad,Date,31/31/2024,',
      ]),
    );
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.rows.map((r: { action: string }) => r.action)).toEqual(['Update', 'Create', 'Ignore', 'Ignore']);
    expect(preview.rows[3].warnings).toEqual(["hiredDate: '31/31/2024' is not a date"]);
    expect((await w.db.pool.query(`select count(*)::int as n from contacts where employee_number = 'IMP2'`)).rows[0].n).toBe(0);

    const other = await signIn(w.t.app, (await createPartner(w.db.pool)).user);
    expect((await other.post('/api/employee-import-approve', { importId: preview.importId })).statusCode).toBe(404);

    const done = await partner.post('/api/employee-import-approve', { importId: preview.importId });
    expect(done.json()).toEqual({ created: 1, updated: 1, ignored: 2 });
    const updated = (await partner.get(`/api/employees?id=${existing.id}`)).json()[0];
    expect(updated).toMatchObject({ name: 'Updated Driver', hiredDate: '2024-01-02', classifications: ['Driver'], phones: [{ phoneNumberWithAreaCode: '(505) 555-0111' }] });
    const created = (await w.db.pool.query(`select parent_id, types from contacts where employee_number = 'IMP2'`)).rows;
    expect(created).toEqual([{ parent_id: w.x.partner.id, types: ['Driver'] }]);
    const again = await partner.post('/api/employee-import-approve', { importId: preview.importId });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The import has already been approved');
    expect((await auditRows(w.db.pool, 'employee_imports', preview.importId)).map((a) => a.after)).toEqual([{ created: 1, updated: 1, ignored: 2 }]);
  });

  it('an approve that meets a number taken since the preview names the row and saves nothing', async () => {
    const partner = await signIn(w.t.app, w.x.user);
    const preview = (await upload(partner, '/api/employee-import-upload', csv(['employeeNumber,firstName,lastName', 'RACE1,Ana,First', 'RACE2,Ben,Second']))).json();
    await createDriver(w.db.pool, w.x.partner.id, { employeeNumber: 'RACE2' });
    const res = await partner.post('/api/employee-import-approve', { importId: preview.importId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 3: Employee number RACE2 is already used by another employee');
    expect((await w.db.pool.query(`select count(*)::int as n from contacts where employee_number = 'RACE1'`)).rows[0].n).toBe(0);
  });

  it("a partner cannot import into another company (404); staff name the company", async () => {
    const other = await createPartner(w.db.pool);
    const partner = await signIn(w.t.app, w.x.user);
    expect((await upload(partner, `/api/employee-import-upload?providerId=${other.partner.id}`, csv(['firstName,lastName', 'A,B']))).statusCode).toBe(404);
    const staffed = (await upload(w.staff, `/api/employee-import-upload?providerId=${other.partner.id}`, csv(['firstName,lastName,branch', 'A,B,', 'C,D,ZZ99']))).json();
    expect(staffed).toMatchObject({ affiliateId: other.partner.id, rows: [{ action: 'Create' }, { action: 'Ignore', warnings: ['There is no division ZZ99'] }] });
  });
});

describe('employees-csv', () => {
  it('downloads the list in scope with the import columns, audited', async () => {
    const d = await createDriver(w.db.pool, w.x.partner.id, { employeeNumber: 'CSV9' });
    await w.db.pool.query(`update contacts set first_name = 'Cy', last_name = '=SUM(A1)' where id = $1`, [d.id]);
    const theirs = await createDriver(w.db.pool, (await createPartner(w.db.pool)).partner.id, { employeeNumber: 'CSV8' });
    const partner = await signIn(w.t.app, w.x.user);
    const res = await partner.get('/api/employees-csv?q=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(EMPLOYEE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=SUM(A1)");
    expect(res.body).not.toContain(theirs.employeeNumber);
    const rows = await w.db.pool.query(`select actor_id, after from audit_log where activity_type = 'employee-export'`);
    expect(rows.rows.at(-1)).toMatchObject({ actor_id: w.x.user.id, after: { rows: 1 } });
  });

  it('403 for a case manager', async () => {
    const cm = await signIn(w.t.app, await createContact(w.db.pool, { types: ['Case Manager'] }));
    expect((await cm.get('/api/employees-csv')).statusCode).toBe(403);
  });
});
