import { describe, expect, it } from 'vitest';
import { testLeg, testTrip } from '../trips/test-fixtures.ts';
import { PORTAL_NEVER_SENT, PortalLeg, PortalTrip } from './trip.ts';
import { isPortalUser, portalTripPage, portalViewerOf, projectPortalTrip } from './project.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const PHONE = { phoneNumberWithAreaCode: '5055550123', smsEnabled: true, main: true, type: 'Cell' };

/** A trip with every field a portal must not see filled in, and two passengers. */
const full = () =>
  testTrip({
    farmoutRate: 120,
    farmoutContactId: 'partner-1',
    farmoutContactNumber: 77,
    farmoutName: 'Mesa Rides',
    accepted: true,
    driverId: 'drv-1',
    driverName: 'Dana Driver',
    driverEmpNumberAssigned: 'E12',
    flag: 'VIP',
    locked: false,
    notesSummary: 'staff note',
    daClass: 'X',
    county: 'Bernalillo',
    billToContactId: 'bt-1',
    billToContact: 'Mesa Health',
    requestedBy: 'Case Manager One',
    tripLegs: [
      testLeg({ memberId: 'M-1', memberPlanId: 'plan-1', lob: 'MCD', passNotes: 'gate code', tlClass: 'T', infectiousDiseaseFlag: true, passenger: { id: 'p1', name: 'Ada Lovato', phones: [PHONE] }, webFields: { estimatedPickupTime: '9:05' } }),
      testLeg({ id: 'leg-2', whichLeg: 'B', passengerId: 'p2', passName: 'Bo Other', memberId: 'M-2', passenger: { id: 'p2', name: 'Bo Other', phones: [PHONE] } }),
    ],
  });

function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysDeep(x, out);
    }
  }
  return out;
}

describe('PortalTrip: the allowlist', () => {
  it('sends exactly the portal trip fields to a case manager, never a forbidden key', () => {
    const p = projectPortalTrip(full(), { passengerId: null, billToIds: null, personal: true, billTo: true }, NOW);
    expect(Object.keys(p).sort()).toEqual(
      ['billToContact', 'cancelledReason', 'id', 'label', 'modCount', 'passengersAdditional', 'pca', 'providerName', 'referenceNumber', 'requestedBy', 'returnType', 'serviceDate', 'serviceTypeRequested', 'step', 'timeZone', 'tripLegs', 'willCall'].sort(),
    );
    expect(Object.keys(p.tripLegs[0]).sort()).toEqual(Object.keys(PortalLeg.shape).sort());
    for (const k of PORTAL_NEVER_SENT) expect(keysDeep(p).has(k), k).toBe(false);
    expect(p.providerName).toBe('Mesa Rides');
    expect(p.billToContact).toBe('Mesa Health');
    expect(p.tripLegs.map((l) => l.memberId)).toEqual(['M-1', 'M-2']);
    expect(p.tripLegs[0].estimatedPickupTime).toBe('09:05:00');
    expect(PortalTrip.safeParse(p).success).toBe(true);
  });
  it("shows a passenger their own legs only, with their own member id and phones, and no bill-to", () => {
    const p = projectPortalTrip(full(), portalViewerOf({ id: 'p1', types: ['S/N Passenger'], ldapGroups: [], adminAccess: false }), NOW);
    expect(p.tripLegs.map((l) => l.id)).toEqual(['leg-1']);
    expect(p.tripLegs[0].memberId).toBe('M-1');
    expect(p.tripLegs[0].phones).toEqual([PHONE]);
    expect('billToContact' in p).toBe(false);
    expect(keysDeep(p).has('Bo Other')).toBe(false);
  });
  it("shows a case manager every leg of its accounts' trips, and only its own legs of another trip it rides", () => {
    const cm = portalViewerOf({ id: 'p2', types: ['Case Manager', 'Passenger'], ldapGroups: [], adminAccess: false, billToIds: ['bt-1'] });
    expect(projectPortalTrip(full(), cm, NOW).tripLegs.map((l) => l.id)).toEqual(['leg-1', 'leg-2']);
    expect(projectPortalTrip({ ...full(), billToContactId: 'bt-9' }, cm, NOW).tripLegs.map((l) => l.id)).toEqual(['leg-2']);
    expect(projectPortalTrip({ ...full(), billToContactId: 'bt-9' }, cm, NOW).billToContact).toBe('Mesa Health');
  });
  it('leaves out member id and phones for a viewer who is not personal', () => {
    const p = projectPortalTrip(full(), { passengerId: null, billToIds: null, personal: false, billTo: false }, NOW);
    expect(keysDeep(p).has('memberId')).toBe(false);
    expect(keysDeep(p).has('phones')).toBe(false);
  });
  it('names the provider only once the trip is assigned', () => {
    const offered = testTrip({ farmoutContactId: 'partner-1', farmoutName: 'Mesa Rides', accepted: false });
    expect(projectPortalTrip(offered, { passengerId: null, billToIds: null, personal: true, billTo: true }, NOW)).toMatchObject({ providerName: null, step: 'Requested' });
    expect(projectPortalTrip({ ...offered, accepted: true }, { passengerId: null, billToIds: null, personal: true, billTo: true }, NOW)).toMatchObject({ providerName: 'Mesa Rides', step: 'Driver assigned' });
  });
  it('builds the trip page with the ETA, the actions and the phone', () => {
    const page = portalTripPage(full(), { passengerId: 'p1', billToIds: [], personal: true, billTo: false }, NOW);
    expect(page.eta).toEqual({ legId: 'leg-1', kind: 'pickup', time: '09:05:00', estimated: true });
    expect(page.actions.cancel.allowed).toBe(true);
    expect(page.phone).toBe('(505) 555-0199');
  });
});

describe('portal users', () => {
  const u = (types: string[], over: object = {}) => ({ id: 'u', types, ldapGroups: [], adminAccess: false, ...over });
  it('are case managers of the portal (not PaceStaff) and passengers, neither staff nor partners', () => {
    expect(isPortalUser(u(['Case Manager']))).toBe(true);
    expect(isPortalUser(u(['S/N Passenger']))).toBe(true);
    expect(isPortalUser(u(['Case Manager', 'SecureEmployee']))).toBe(false);
    expect(isPortalUser(u(['Case Manager', 'PaceStaff']))).toBe(false);
    expect(isPortalUser(u(['Passenger']))).toBe(true);
    expect(isPortalUser(u(['Case Manager'], { adminAccess: true }))).toBe(false);
    expect(isPortalUser(u(['Affiliate']))).toBe(false);
    expect(isPortalUser(u(['S/N Passenger'], { partnerId: 'x' }))).toBe(false);
  });
});
