import { describe, expect, it } from 'vitest';
import { marketplaceRow, MarketplaceTripRow, matchesMarketplaceText, milesBetween, rowStateAt, type MarketplaceRecord, type PlaceRecord } from './row.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

const home: PlaceRecord = {
  street: '1402 Calle Secreta',
  address: '1402 Calle Secreta, Albuquerque, NM 87102',
  city: 'Albuquerque',
  zip: '87102',
  county: 'Bernalillo',
  lat: 35.08449,
  lng: -106.65111,
  facilityName: null,
};
const clinic: PlaceRecord = { ...home, street: '801 Medical Way', address: '801 Medical Way, Albuquerque, NM 87106', zip: '87106', lat: 35.0856, lng: -106.6196, facilityName: 'Lovelace Clinic' };

const record = (over: Partial<MarketplaceRecord> = {}): MarketplaceRecord => ({
  id: 't1',
  referenceNumber: 'T100',
  modCount: 3,
  serviceDate: '2026-11-25',
  serviceTypeRequested: '03',
  accepted: false,
  canceled: false,
  locked: false,
  marketplaceUntil: '2026-11-22T16:00:00Z',
  pickupAt: Date.parse('2026-11-25T16:00:00Z'),
  farmoutContactId: 'own',
  farmoutName: 'Sandia Mobility',
  declinedBy: [],
  timeZone: 'America/Denver',
  willCall: false,
  pickupTime: '09:00:00',
  appointmentTime: '09:30:00',
  billToContactId: 'b1',
  passenger: { id: 'p1', name: 'Rosa Quintana', phone: '5055550142', memberId: 'NM123456' },
  passengerKey: 'k-abc',
  legs: [
    { id: 'l1', whichLeg: 'A', pickupTime: '09:00:00', appointmentTime: '09:30:00', pickup: home, dropOff: clinic, miles: 2.1, driveMinutes: 9, status: 'Pending' },
    { id: 'l2', whichLeg: 'B', pickupTime: '23:59:00', appointmentTime: null, pickup: clinic, dropOff: home, miles: 2.3, driveMinutes: 10, status: 'WillCall' },
  ],
  ...over,
});

describe('marketplaceRow', () => {
  it('gives a partner no name, phone, member id, street, exact coordinates or partner', () => {
    const row = marketplaceRow(record(), { partnerId: 'other', staff: false }, NOW);
    const json = JSON.stringify(row);
    for (const secret of ['Rosa', 'Quintana', '5055550142', 'NM123456', 'Calle Secreta', 'Medical Way', 'Sandia', '35.08449', '"own"', 'p1']) {
      expect(json).not.toContain(secret);
    }
    expect(row.pickup).toEqual({ city: 'Albuquerque', zip: '87102', county: 'Bernalillo', lat: 35.08, lng: -106.65, facilityName: null });
    expect(row.dropOff.facilityName).toBe('Lovelace Clinic');
    expect(row.state).toBe('reserved');
    expect(row.reservedUntil).toBe('2026-11-22T16:00:00Z');
    expect(row.miles).toBe(4.4);
    expect(MarketplaceTripRow.safeParse(row).success).toBe(true);
  });

  it('gives staff the passenger, the addresses, exact coordinates and the partner', () => {
    const row = marketplaceRow(record(), { partnerId: null, staff: true }, NOW);
    expect(row.passenger?.name).toBe('Rosa Quintana');
    expect(row.pickup.address).toBe('1402 Calle Secreta, Albuquerque, NM 87102');
    expect(row.pickup.lat).toBe(35.08449);
    expect(row.farmoutName).toBe('Sandia Mobility');
    expect(row.serviceTypeName).toBe('03 Wheelchair');
  });

  it('shows the trip available to its own partner during the window', () => {
    expect(marketplaceRow(record(), { partnerId: 'own', staff: false }, NOW).state).toBe('available');
  });
});

describe('rowStateAt', () => {
  it('opens a reserved row when its window ends', () => {
    const row = { state: 'reserved' as const, reservedUntil: '2026-11-22T16:00:00Z' };
    expect(rowStateAt(row, new Date('2026-11-22T15:59:59Z'))).toBe('reserved');
    expect(rowStateAt(row, new Date('2026-11-22T16:00:00Z'))).toBe('available');
  });
});

describe('milesBetween', () => {
  it('is straight-line miles to 0.1', () => {
    expect(milesBetween({ lat: 35.0844, lng: -106.6504 }, { lat: 35.687, lng: -105.9378 })).toBe(57.8);
  });
});

describe('matchesMarketplaceText', () => {
  const row = marketplaceRow(record(), { partnerId: 'other', staff: false }, NOW);
  it('finds reference, city, ZIP, county, facility and service type, every word', () => {
    for (const q of ['T100', 'albuquerque', '87106', 'bernalillo', 'lovelace', 'wheelchair', 'lovelace 87102', '']) {
      expect(matchesMarketplaceText(row, q)).toBe(true);
    }
    expect(matchesMarketplaceText(row, 'lovelace santa')).toBe(false);
    // what a partner may not see is not searched either
    expect(matchesMarketplaceText(row, 'Quintana')).toBe(false);
    expect(matchesMarketplaceText(row, 'Secreta')).toBe(false);
  });
});
