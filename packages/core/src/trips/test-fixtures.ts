import type { DriveAssignment, TripLeg } from './model.ts';

/** A trip leg for rule tests: an ordered 09:00 pickup, 09:40 drop-off, nothing entered yet. */
export function testLeg(over: Partial<TripLeg> = {}): TripLeg {
  return {
    id: 'leg-1', whichLeg: 'A', passengerId: 'p1', passenger: { id: 'p1', name: 'Ada Lovato', phones: [] },
    locFirstAction: 'PU', locSecondAction: 'DO', locFirstTimeOrd: '09:00:00', locSecondTimeOrd: '09:40:00',
    locFirstTimeAct: null, locFirstTimeDep: null, locSecondTimeAct: null, locFirstTimeOrdMillis: null, callInTime: null,
    apptType: null, apptTime: null, apptToSee: null, webFields: {},
    locationFirst: { Id: null, Address: '100 Central Ave SW, Albuquerque', Lat: null, Lng: null },
    locationSecond: { Id: null, Address: 'Dialysis Center, Santa Fe', Lat: null, Lng: null },
    serviceCode: null, googleDrivingDistanceMeters: 16093, googleDrivingTime: null, googleDrivingTimeNoTraffic: null,
    lob: null, division: 'NM01', memberId: null, memberPlanId: null, ambulatoryStatus: null, infectiousDiseaseFlag: false,
    doNotChangeVehicle: false, passName: null, passNotes: null, servDateBeg: null, tlClass: null, status: 'Pending',
    cancelNc: false, cancelWc: false, billToContactId: null, ...over,
  };
}

/** An Open, unaccepted trip on 2026-11-20 in Albuquerque with one leg. */
export function testTrip(over: Partial<DriveAssignment> = {}): DriveAssignment {
  return {
    id: 'da-1', referenceNumber: '2000001', modCount: 0, serviceDate: '2026-11-20', serviceNumber: null,
    serviceTypeRequested: '01', accepted: false, declined: false, deleted: false, canceled: false,
    cancelledWithoutCharge: false, cancelledWithCharge: false, cancelledReason: null, dryRun: false, willCall: false,
    flag: null, locked: false, schedulePriority: 1, partnerPayStatus: 'Open', driverEmpNumberAssigned: null, driverId: null,
    driverName: null, farmoutContactNumber: null, farmoutContactId: null, farmoutName: null, farmoutRate: null,
    billToContactId: null, billToContact: null, division: 'NM01', timeZone: 'America/Denver', county: null, daClass: null,
    passengersAdditional: 0, pca: false, ppec: false, returnType: null, authorized: false, authorizedBy: null,
    requestedBy: null, cancelReasonRequiresStats: null, outstandingAdjustments: 0, tripLegs: [testLeg()], ...over,
  };
}

/** 2026-11-20 10:00 in Albuquerque (UTC-7 in November): the 09:00 pickup has passed. */
export const TEST_NOW = new Date('2026-11-20T17:00:00Z');
export const TEST_STATS = { locFirstTimeAct: '09:02:00', locFirstTimeDep: '09:05:00', locSecondTimeAct: '09:41:00' } as const;
