/**
 * The one projection of trips for portal roles: a PortalTrip is built field by field
 * from the allowlist below, so a field added to the trip later is never sent until it is named
 * here.
 */
import { isPortalCaseManager, isStaff, rolesOf, type AccessSubject } from '../auth/roles.ts';
import { legEtas } from '../trips/etas.ts';
import type { DriveAssignment, TripLeg } from '../trips/model.ts';
import { dateInZone } from '../time/zone.ts';
import { portalActions, portalEta, portalStep, portalTripLabel, PORTAL_PHONE } from './rules.ts';
import type { PortalLeg, PortalPlace, PortalTrip, PortalTripPage } from './trip.ts';

/**
 * Whom a portal answer is for. A trip billed to one of `billToIds` (null: any trip, staff) shows
 * every leg; any other trip only the legs of `passengerId` (the passenger themselves). personal:
 * memberId and phones are sent (the passenger themselves, case managers). billTo: the trip's
 * bill-to account is sent (case managers).
 */
export interface PortalViewer {
  passengerId: string | null;
  billToIds: readonly string[] | null;
  personal: boolean;
  billTo: boolean;
}

/**
 * The portal's users: case managers of the portal (not PaceStaff, who work in the staff screens
 * read-only, spec 2 §6) and passengers, none of them staff or a partner's user.
 */
export function isPortalUser(user: AccessSubject & { partnerId?: string | null }): boolean {
  if (isStaff(user) || user.partnerId) return false;
  const held = rolesOf(user);
  if (held.has('Case Manager')) return isPortalCaseManager(user);
  return held.has('S/N Passenger') || held.has('Passenger');
}

/** How the portal shows trips to this user: staff every leg; case managers their accounts' trips whole; passengers their own legs. */
export function portalViewerOf(user: AccessSubject & { id: string; billToIds?: readonly string[] }): PortalViewer {
  if (isStaff(user)) return { passengerId: null, billToIds: null, personal: true, billTo: true };
  const caseManager = user.types.includes('Case Manager');
  return { passengerId: user.id, billToIds: caseManager ? (user.billToIds ?? []) : [], personal: true, billTo: caseManager };
}

/** The legs of the trip this viewer sees. */
export function portalLegsOf<L extends { passengerId: string | null }>(trip: { billToContactId: string | null; tripLegs: readonly L[] }, viewer: PortalViewer): L[] {
  const whole = viewer.billToIds === null || (trip.billToContactId !== null && viewer.billToIds.includes(trip.billToContactId));
  return whole ? [...trip.tripLegs] : trip.tripLegs.filter((l) => viewer.passengerId !== null && l.passengerId === viewer.passengerId);
}

const place = (l: TripLeg['locationFirst']): PortalPlace => ({ Address: l.Address, Lat: l.Lat, Lng: l.Lng });

/** A leg as the portal sees it: the allowlist of the portal. */
export function projectPortalLeg(leg: TripLeg, viewer: PortalViewer): PortalLeg {
  // the estimates as the ETAs tab reads them (GET drive-assignment-etas)
  const [eta] = legEtas([{ ...leg, webFields: leg.webFields ?? {} }]);
  const out: PortalLeg = {
    id: leg.id,
    whichLeg: leg.whichLeg,
    passengerId: leg.passengerId,
    passName: leg.passName ?? leg.passenger?.name ?? null,
    locationFirst: place(leg.locationFirst),
    locationSecond: place(leg.locationSecond),
    locFirstTimeOrd: leg.locFirstTimeOrd,
    locSecondTimeOrd: leg.locSecondTimeOrd,
    locFirstTimeAct: leg.locFirstTimeAct,
    locFirstTimeDep: leg.locFirstTimeDep,
    locSecondTimeAct: leg.locSecondTimeAct,
    estimatedPickupTime: eta.pickup.estimated,
    estimatedDropoffTime: eta.dropoff.estimated,
    apptTime: leg.apptTime,
    apptType: leg.apptType,
    callInTime: leg.callInTime,
    status: leg.status,
    googleDrivingDistanceMeters: leg.googleDrivingDistanceMeters,
  };
  if (viewer.personal) {
    out.memberId = leg.memberId;
    out.phones = (leg.passenger?.phones ?? []).map((p) => ({ phoneNumberWithAreaCode: p.phoneNumberWithAreaCode, smsEnabled: p.smsEnabled, main: p.main, type: p.type }));
  }
  return out;
}

/** Assigned: a driver has the trip, or a provider has accepted it. */
const assigned = (trip: DriveAssignment) => Boolean(trip.driverId || trip.driverEmpNumberAssigned || (trip.farmoutContactId && trip.accepted));

/** The trip as the portal sees it, with its rule 185 label (at `now`, in the trip's time zone) and its step. */
export function projectPortalTrip(trip: DriveAssignment, viewer: PortalViewer, now: Date): PortalTrip {
  const legs = portalLegsOf(trip, viewer);
  const out: PortalTrip = {
    id: trip.id,
    referenceNumber: trip.referenceNumber,
    modCount: trip.modCount,
    serviceDate: trip.serviceDate,
    timeZone: trip.timeZone,
    serviceTypeRequested: trip.serviceTypeRequested,
    returnType: trip.returnType,
    willCall: trip.willCall,
    label: portalTripLabel({ ...trip, tripLegs: legs }, dateInZone(now, trip.timeZone)),
    step: portalStep({ canceled: trip.canceled, tripLegs: legs }, assigned(trip)),
    cancelledReason: trip.cancelledReason,
    requestedBy: trip.requestedBy,
    passengersAdditional: trip.passengersAdditional,
    pca: trip.pca,
    providerName: assigned(trip) ? trip.farmoutName : null,
    tripLegs: legs.map((l) => projectPortalLeg(l, viewer)),
  };
  if (viewer.billTo) out.billToContact = trip.billToContact;
  return out;
}

/** The trip page: the projected trip, its ETA, the actions offered (judged on the viewer's legs) and the number to call. */
export function portalTripPage(trip: DriveAssignment, viewer: PortalViewer, now: Date): PortalTripPage {
  const projected = projectPortalTrip(trip, viewer, now);
  const legs = portalLegsOf(trip, viewer);
  return {
    trip: projected,
    eta: portalEta(projected.tripLegs),
    actions: portalActions({ ...trip, tripLegs: legs }, now),
    phone: PORTAL_PHONE,
  };
}
