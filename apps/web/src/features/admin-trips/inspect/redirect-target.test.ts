import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

const trip = { id: '3f1c2e9a-0000-4000-8000-000000000001', referenceNumber: '2000123', serviceDate: '2026-11-23' };
const today = '2026-11-22';

describe('redirectTarget', () => {
  it('opens the trip in the staff search by reference number', () => {
    expect(redirectTarget('staff', { referenceNumber: '2000123', passengerId: null }, trip, today)).toBe(
      `/admin/trips?referenceNumber=2000123&inspect=${trip.id}`,
    );
  });
  it('still searches the reference number when the trip was not found', () => {
    expect(redirectTarget('staff', { referenceNumber: ' 2000123 ', passengerId: null }, null, today)).toBe('/admin/trips?referenceNumber=2000123');
  });
  it("shows staff a passenger's trips of today", () => {
    expect(redirectTarget('staff', { referenceNumber: null, passengerId: 'p-1' }, null, today)).toBe('/admin/trips?passengerId=p-1&serviceDate=2026-11-22');
  });
  it('sends a partner to Home filtered by the trip day and reference (spec 1 §6)', () => {
    expect(redirectTarget('partner', { referenceNumber: '2000123', passengerId: null }, trip, today)).toBe('/?date=2026-11-23&q=2000123');
    expect(redirectTarget('partner', { referenceNumber: '2000123', passengerId: null }, null, today)).toBe('/');
    expect(redirectTarget('partner', { referenceNumber: null, passengerId: 'p-1' }, null, today)).toBe('/');
  });
  it('finds the trip of an inspect link by id, for partners and staff alike', () => {
    expect(redirectTarget('partner', { referenceNumber: null, passengerId: null, id: trip.id }, trip, today)).toBe('/?date=2026-11-23&q=2000123');
    expect(redirectTarget('partner', { referenceNumber: null, passengerId: null, id: trip.id }, null, today)).toBe('/');
    expect(redirectTarget('staff', { referenceNumber: null, passengerId: null, id: trip.id }, trip, today)).toBe(
      `/admin/trips?referenceNumber=2000123&inspect=${trip.id}`,
    );
  });
  it('falls back to the search without parameters', () => expect(redirectTarget('staff', { referenceNumber: '', passengerId: '' }, null, today)).toBe('/admin/trips'));
});
