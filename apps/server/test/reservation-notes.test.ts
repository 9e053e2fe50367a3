import { NOTES_MSG } from '@tripline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact, type Created } from './factories.ts';
import { auditRows, createTrip, signIn } from './trip-factories.ts';

const world = staffWorld('Dana Dispatch');
let passenger: Created;
let billTo: Created;

beforeAll(async () => {
  passenger = await createContact(world.db.pool, { types: ['S/N Passenger'], username: null });
  billTo = await createContact(world.db.pool, { types: ['S/N Account'], username: null });
});

const noteCount = async () => (await world.db.pool.query('select count(*)::int as n from reservation_notes')).rows[0].n as number;
const trip = () => createTrip(world.db.pool, { partnerId: world.x.partner.id, billToId: billTo.id, legs: [{ passengerId: passenger.id }] });

describe('POST /api/reservation-notes', () => {
  it('answers 401, 400, 403 (partner, case manager), 404, writing nothing', async () => {
    const da = await trip();
    const body = { driveAssignmentId: da.id, internalNotes: ['Ring twice'] };
    expect((await new Browser(world.t.app).post('/api/reservation-notes', body)).statusCode).toBe(401);
    const long = await world.staff.post('/api/reservation-notes', { ...body, internalNotes: ['x'.repeat(2001)] });
    expect(long.json()).toMatchObject({ message: NOTES_MSG.NOTE_TOO_LONG, details: [{ path: 'internalNotes.0' }] });
    expect((await world.staff.post('/api/reservation-notes', { driveAssignmentId: da.id })).json().message).toBe(NOTES_MSG.EMPTY);
    expect((await world.staff.post('/api/reservation-notes', { ...body, gurneyChecklist: ['Oxygen in use'] })).json().message).toBe(NOTES_MSG.GURNEY_ONLY_STRETCHER);
    expect((await (await signIn(world.t.app, world.x.user)).post('/api/reservation-notes', body)).statusCode).toBe(403);
    expect((await (await signIn(world.t.app, await createContact(world.db.pool, { types: ['Case Manager'], billToIds: [billTo.id] }))).post('/api/reservation-notes', body)).statusCode).toBe(403);
    expect((await world.staff.post('/api/reservation-notes', { ...body, driveAssignmentId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await noteCount()).toBe(0);
  });

  it('keeps internal notes on the trip, requests on the bill-to and passenger, each audited', async () => {
    const da = await trip();
    const res = await world.staff.post('/api/reservation-notes', {
      driveAssignmentId: da.id,
      internalNotes: ['Gate code 4411'],
      billToRequests: ['Call the clinic before pickup'],
      passengerRequests: ['Uses a walker'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      referenceNumber: da.referenceNumber,
      internalNotes: [{ note: 'Gate code 4411', kind: 'internal', referenceNumber: da.referenceNumber, enteredBy: 'Dana Dispatch', deleted: false }],
      billToRequests: [{ note: 'Call the clinic before pickup', contactId: billTo.id }],
      passengerRequests: [{ note: 'Uses a walker', contactId: passenger.id }],
      gurneyChecklist: [],
    });
    // the passenger's request shows on their next trip too; the internal note does not
    const next = await trip();
    const read = await world.staff.get(`/api/reservation-notes?driveAssignmentId=${next.id}`);
    expect(read.json()).toMatchObject({ internalNotes: [], passengerRequests: [{ note: 'Uses a walker' }], billToRequests: [{ note: 'Call the clinic before pickup' }] });
    const id = res.json().internalNotes[0].id;
    expect(await auditRows(world.db.pool, 'reservation_notes', id)).toEqual([
      expect.objectContaining({ activity_type: 'reservation-note', after: expect.objectContaining({ kind: 'internal', note: 'Gate code 4411' }) }),
    ]);
  });

  it('keeps one gurney checklist for a Stretcher trip, the latest replacing the one before', async () => {
    const da = await trip();
    await world.db.pool.query(`update drive_assignments set service_type_requested = '05' where id = $1`, [da.id]);
    await world.staff.post('/api/reservation-notes', { driveAssignmentId: da.id, gurneyChecklist: ['Oxygen in use'] });
    const res = await world.staff.post('/api/reservation-notes', { driveAssignmentId: da.id, gurneyChecklist: ['Oxygen in use', 'Elevator available'] });
    expect(res.json().gurneyChecklist.map((n: { items: string[]; deleted: boolean }) => [n.items, n.deleted])).toEqual([
      [['Oxygen in use', 'Elevator available'], false],
      [['Oxygen in use'], true],
    ]);
    expect((await world.staff.post('/api/reservation-notes', { driveAssignmentId: da.id, gurneyChecklist: ['Bring snacks'] })).json().message).toBe('Choose items of the gurney checklist');
  });
});

describe('GET and DELETE /api/reservation-notes', () => {
  it('reads in scope only and flags a note deleted, once, audited', async () => {
    const da = await trip();
    expect((await new Browser(world.t.app).get(`/api/reservation-notes?driveAssignmentId=${da.id}`)).statusCode).toBe(401);
    expect((await world.staff.get('/api/reservation-notes')).statusCode).toBe(400);
    expect((await (await signIn(world.t.app, world.x.user)).get(`/api/reservation-notes?driveAssignmentId=${da.id}`)).statusCode).toBe(403);
    expect((await world.staff.get('/api/reservation-notes?driveAssignmentId=2000000')).statusCode).toBe(404);
    const made = await world.staff.post('/api/reservation-notes', { driveAssignmentId: da.id, internalNotes: ['Wrong door'] });
    const id = made.json().internalNotes[0].id;
    const other = await trip();
    expect((await world.staff.request('DELETE', `/api/reservation-notes?id=${id}&driveAssignmentId=${other.id}`)).statusCode).toBe(404);
    const gone = await world.staff.request('DELETE', `/api/reservation-notes?id=${id}&driveAssignmentId=${da.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().internalNotes).toEqual([expect.objectContaining({ id, note: 'Wrong door', deleted: true })]);
    expect((await world.staff.request('DELETE', `/api/reservation-notes?id=${id}&driveAssignmentId=${da.id}`)).statusCode).toBe(200);
    expect((await auditRows(world.db.pool, 'reservation_notes', id)).map((r) => r.activity_type)).toEqual(['reservation-note', 'reservation-note-delete']);
  });
});
