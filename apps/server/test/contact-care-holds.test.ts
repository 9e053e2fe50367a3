import type { PartnerOption } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { createBlacklist, createHold, createPassenger, rowsOf } from './contact-care-factories.ts';
import { auditRows, createPartner, createTrip, FUTURE, PAST, TODAY, tripRow } from './trip-factories.ts';
import { staffWorld } from './staff-world.ts';

const w = staffWorld();
const hold = (body: unknown) => w.staff.post('/api/provider-holds', body);
const assign = (refs: string[], providerId: string) => w.staff.post('/api/drive-assignment-bulk-assign', { referenceNumbers: refs, providerId });

describe('POST provider-holds', () => {
  it('refuses a missing or unknown partner, an end before the begin and an unknown type, placing nothing', async () => {
    const before = await rowsOf(w.db.pool, 'provider_holds');
    expect((await hold({ type: 'NoNewTrips', beginDate: TODAY })).json().message).toBe('You must save the provider first, to assign it an ID');
    expect((await hold({ providerId: '11111111-1111-4111-8111-111111111111', type: 'NoNewTrips', beginDate: TODAY })).json().message).toBe(
      'There is no partner with this id',
    );
    const p = await createPartner(w.db.pool);
    expect((await hold({ providerId: p.partner.id, type: 'NoNewTrips', beginDate: FUTURE, endDate: TODAY })).json().message).toBe('A hold cannot end before it begins');
    expect((await hold({ providerId: p.partner.id, type: 'Forever', beginDate: TODAY })).statusCode).toBe(400);
    expect(await rowsOf(w.db.pool, 'provider_holds')).toEqual(before);
  });

  it('lists the trips a Suspension would take on a dry run without placing it, then takes only the unstarted ones', async () => {
    const p = await createPartner(w.db.pool, 'Zia Transit');
    const passenger = await createPassenger(w.db.pool, { name: 'Lupe Archuleta' });
    const later = await createTrip(w.db.pool, { partnerId: p.partner.id, serviceDate: FUTURE, accepted: true, legs: [{ passengerId: passenger.id }] });
    const started = await createTrip(w.db.pool, { partnerId: p.partner.id, serviceDate: TODAY, legs: [{ pickup: '07:00:00', act: '07:05:00' }] });
    const final = await createTrip(w.db.pool, { partnerId: p.partner.id, serviceDate: FUTURE, partnerPayStatus: 'Final' });
    const before = await createTrip(w.db.pool, { partnerId: p.partner.id, serviceDate: PAST });
    const startedRow = await tripRow(w.db.pool, started.id);

    const dry = await hold({ providerId: p.partner.id, type: 'Suspension', beginDate: TODAY, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      hold: null,
      confirm: 'This hold is not undoable and has severe consequences for the partner.',
      trips: [
        { id: started.id, referenceNumber: started.referenceNumber, serviceDate: TODAY, passengerName: null, unassigned: false },
        ...[
          { id: later.id, referenceNumber: later.referenceNumber, serviceDate: FUTURE, passengerName: 'Lupe Archuleta', unassigned: true },
          { id: final.id, referenceNumber: final.referenceNumber, serviceDate: FUTURE, passengerName: null, unassigned: false },
        ].sort((a, b) => a.referenceNumber.localeCompare(b.referenceNumber)),
      ],
    });
    expect((await w.db.pool.query('select count(*)::int as n from provider_holds where provider_id = $1', [p.partner.id])).rows[0].n).toBe(0);
    expect((await tripRow(w.db.pool, later.id)).farmout_contact_id).toBe(p.partner.id);

    const res = await hold({ providerId: p.partner.id, type: 'Suspension', beginDate: TODAY, reason: 'Insurance lapsed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().hold).toMatchObject({ type: 'Suspension', startDate: TODAY, beginDate: TODAY, endDate: '2078-12-31', openEnded: true, current: true, reason: 'Insurance lapsed' });
    expect(await tripRow(w.db.pool, later.id)).toMatchObject({ farmout_contact_id: null, farmout_contact_number: null, accepted: false });
    expect(await tripRow(w.db.pool, started.id)).toEqual(startedRow);
    expect((await tripRow(w.db.pool, final.id)).farmout_contact_id).toBe(p.partner.id);
    expect((await tripRow(w.db.pool, before.id)).farmout_contact_id).toBe(p.partner.id);
    expect(await auditRows(w.db.pool, 'drive_assignments', later.id)).toMatchObject([{ activity_type: 'provider-hold', after: { farmoutContactId: null } }]);
    expect(await auditRows(w.db.pool, 'provider_holds', res.json().hold.id)).toMatchObject([{ after: { type: 'Suspension', unassigned: [later.referenceNumber] } }]);

    const list = await w.staff.get(`/api/provider-holds?providerId=${p.partner.id}`);
    expect(list.json()).toHaveLength(1);
  });
});

describe('a held or blacklisted partner is refused on every assigning path', () => {
  it('refuses bulk assignment, the partner change and marks the partner excluded in the picker; a day before the hold is fine', async () => {
    const p = await createPartner(w.db.pool, 'Held Mobility');
    await createHold(w.db.pool, p.partner.id, { beginDate: FUTURE, endDate: FUTURE });
    const inHold = await createTrip(w.db.pool, { serviceDate: FUTURE });
    const beforeHold = await createTrip(w.db.pool, { serviceDate: TODAY });
    const row = await tripRow(w.db.pool, inHold.id);
    const message = `Held Mobility is on hold (No new trips) from ${FUTURE} to ${FUTURE}: trip ${inHold.referenceNumber} on ${FUTURE} cannot be assigned to it`;

    const bulk = await assign([beforeHold.referenceNumber, inHold.referenceNumber], p.partner.id);
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json()).toMatchObject({ message, details: [{ path: inHold.referenceNumber, message }] });
    expect(await tripRow(w.db.pool, inHold.id)).toEqual(row);
    expect((await tripRow(w.db.pool, beforeHold.id)).farmout_contact_id).toBeNull();

    const patch = await w.staff.request('PATCH', '/api/drive-assignments-detailed', {
      body: { id: inHold.id, modCount: inHold.modCount, farmoutContactNumber: Number(p.partner.contactNumber) },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe(message);
    expect(await tripRow(w.db.pool, inHold.id)).toEqual(row);

    const options = (await w.staff.get(`/api/partner-options-for-da?referenceNumber=${inHold.referenceNumber}`)).json() as PartnerOption[];
    const held = options.find((o) => o.providerId === p.partner.id)!;
    expect(held.excluded).toBe(message);
    expect(options.at(-1)!.excluded).not.toBeNull();
    expect(options.find((o) => o.providerId === w.x.partner.id)!.excluded).toBeNull();

    expect((await assign([beforeHold.referenceNumber], p.partner.id)).statusCode).toBe(200);
  });

  it("refuses a partner on a passenger's blacklist until the entry is removed", async () => {
    const p = await createPartner(w.db.pool, 'Llano Rides');
    const passenger = await createPassenger(w.db.pool, { name: 'Tomas Baca' });
    const trip = await createTrip(w.db.pool, { serviceDate: FUTURE, legs: [{ passengerId: passenger.id }] });
    const add = await w.staff.post('/api/blacklists', { partnerId: p.partner.id, passengerId: passenger.id, requestedBy: 'Partner' });
    expect(add.statusCode).toBe(200);
    const entry = add.json();
    expect(entry).toMatchObject({ partnerName: 'Llano Rides', passengerName: 'Tomas Baca', requestedBy: 'Partner', deleted: false, modCount: 0 });

    const refused = await assign([trip.referenceNumber], p.partner.id);
    expect(refused.json().message).toBe(`Tomas Baca is on Llano Rides\u2019s blacklist (requested by Partner): trip ${trip.referenceNumber} cannot be assigned to it`);
    const again = await w.staff.post('/api/blacklists', { partnerId: p.partner.id, passengerId: passenger.id, requestedBy: 'Operator' });
    expect(again.json().message).toBe('This passenger is already on this partner\u2019s blacklist');

    expect((await w.staff.get(`/api/blacklists?passengerId=${passenger.id}`)).json()).toHaveLength(1);
    expect((await w.staff.get(`/api/blacklists?providerId=${p.partner.id}`)).json()).toHaveLength(1);
    expect((await w.staff.get('/api/blacklists')).json().message).toBe('Give either passengerId or providerId');

    const stale = await w.staff.post('/api/blacklists', { ...entry, id: entry.id, modCount: 3, deleted: true });
    expect(stale.statusCode).toBe(409);
    const removed = await w.staff.post('/api/blacklists', { id: entry.id, modCount: 0, partnerId: p.partner.id, passengerId: passenger.id, requestedBy: 'Partner', deleted: true });
    expect(removed.json()).toMatchObject({ deleted: true, modCount: 1 });
    expect((await assign([trip.referenceNumber], p.partner.id)).statusCode).toBe(200);
  });

  it("answers the spec's texts for an unsaved passenger or provider", async () => {
    const passenger = await createPassenger(w.db.pool);
    expect((await w.staff.post('/api/blacklists', { partnerId: w.x.partner.id, requestedBy: 'Passenger' })).json().message).toBe(
      'You must save the passenger first, to assign it a passenger number',
    );
    expect((await w.staff.post('/api/blacklists', { passengerId: passenger.id, requestedBy: 'Passenger' })).json().message).toBe(
      'You must save the provider first, to assign it an ID',
    );
    const notPartner = await w.staff.post('/api/blacklists', { partnerId: passenger.id, passengerId: passenger.id, requestedBy: 'Passenger' });
    expect(notPartner.json().message).toBe('There is no partner with this id');
    await createBlacklist(w.db.pool, w.x.partner.id, passenger.id, { endDate: PAST });
    expect((await w.staff.get(`/api/blacklists?passengerId=${passenger.id}`)).json()[0]).toMatchObject({ endDate: PAST });
  });
});
