/** The reservation editor's form (spec 2 §3–§5): what it holds, how a saved trip fills it and how it is sent. Pure. */
import {
  parseTimeInput,
  toLegAddressInput,
  type AddressValue,
  type ContactOption,
  type LegWebFields,
  type ReservationDetail,
  type ReservationLegInput,
  type ReservationSave,
  type ReturnType,
  type TimePriority,
} from '@tripline/core';

export interface EditorLeg {
  /** Stable key of the leg in the form (its id once saved). */
  key: string;
  id: string | null;
  whichLeg: string;
  locFirstAction: 'PU' | 'WT';
  locSecondAction: 'DO' | 'DP';
  passenger: ContactOption | null;
  locationFirst: AddressValue | null;
  locationSecond: AddressValue | null;
  /** Times as typed: '0930', '9:30 am', 'WC'… (spec 1 §5 time input). */
  pickup: string;
  dropoff: string;
  appt: string;
  apptType: string | null;
  apptToSee: string;
  timePriority: TimePriority | null;
  passNotes: string;
  serviceCode: string | null;
  billToContactId: string | null;
  /** The pickup was typed rather than computed from the appointment. */
  pickupTimeOverride: boolean;
  canceled: boolean;
  /** Cancelled when loaded: shown struck through, left as it is. */
  savedCanceled: boolean;
  webFields: LegWebFields;
  /** The drive between the stops as last measured (GET api/v1/distance), for the display only. */
  drive: { meters: number | null; seconds: number | null } | null;
}

export interface EditorTrip {
  id: string;
  modCount: number | null;
  referenceNumber: string | null;
  serviceDate: string;
  serviceTypeRequested: string;
  serviceNumber: string | null;
  daClass: string;
  billToContactId: string | null;
  authorizedBy: string;
  requestedBy: string;
  pca: boolean;
  passengersAdditional: number;
  schedulePriority: number;
  returnType: ReturnType;
  willCall: boolean;
  division: string | null;
  farConfirmed: boolean;
  legs: EditorLeg[];
}

const hm = (t: string | null) => (t ? t.slice(0, 5) : '');
const WILL_CALL_TEXT = 'WC';
export const showTime = (t: string | null) => (t === '23:59:00' ? WILL_CALL_TEXT : hm(t));

/** A passenger as the picker holds one, from what a saved reservation tells of it. */
export function passengerOption(
  p: { id: string; name: string } | null,
  known: { contactNumber: number; memberId: string | null; types: string[] } | undefined = undefined,
): ContactOption | null {
  if (!p) return null;
  return { id: p.id, name: p.name, contactNumber: known?.contactNumber ?? 0, types: known?.types ?? [], memberId: known?.memberId ?? null, dob: null, city: null, addressId: null, distanceMiles: null };
}

const stopOf = (l: { Id: string | null; Address: string | null; Lat: number | null; Lng: number | null }): AddressValue | null =>
  l.Id ? { id: l.Id, text: l.Address ?? '', lat: l.Lat, lng: l.Lng, quality: l.Lat != null ? 'exact' : 'none', zip: null } : null;

const CANCELLED = ['Canceled', 'CanceledNoCharge'];

export function emptyLeg(whichLeg = 'A', key = whichLeg): EditorLeg {
  return {
    key,
    id: null,
    whichLeg,
    locFirstAction: 'PU',
    locSecondAction: 'DO',
    passenger: null,
    locationFirst: null,
    locationSecond: null,
    pickup: '',
    dropoff: '',
    appt: '',
    apptType: null,
    apptToSee: '',
    timePriority: null,
    passNotes: '',
    serviceCode: null,
    billToContactId: null,
    pickupTimeOverride: false,
    canceled: false,
    savedCanceled: false,
    webFields: {},
    drive: null,
  };
}

/** A new reservation (spec 2 §3 defaults: Ambulatory, class NE), optionally for a passenger and a day. */
export function newTrip(id: string, serviceDate: string, passenger: ContactOption | null = null): EditorTrip {
  return {
    id,
    modCount: null,
    referenceNumber: null,
    serviceDate,
    serviceTypeRequested: '01',
    serviceNumber: null,
    daClass: 'NE',
    billToContactId: null,
    authorizedBy: '',
    requestedBy: '',
    pca: false,
    passengersAdditional: 0,
    schedulePriority: 1,
    returnType: 'Standard Return',
    willCall: false,
    division: null,
    farConfirmed: false,
    legs: [{ ...emptyLeg(), passenger }],
  };
}

/** The form of a saved reservation. */
export function fromDetail(t: ReservationDetail): EditorTrip {
  return {
    id: t.id,
    modCount: t.modCount,
    referenceNumber: t.referenceNumber,
    serviceDate: t.serviceDate,
    serviceTypeRequested: t.serviceTypeRequested,
    serviceNumber: t.serviceNumber,
    daClass: t.daClass ?? 'NE',
    billToContactId: t.billToContactId,
    authorizedBy: t.authorizedBy ?? '',
    requestedBy: t.requestedBy ?? '',
    pca: t.pca,
    passengersAdditional: t.passengersAdditional,
    schedulePriority: t.schedulePriority,
    returnType: (t.returnType as ReturnType | null) ?? 'Standard Return',
    willCall: t.willCall,
    division: t.division,
    farConfirmed: false,
    legs: t.tripLegs.map((l) => ({
      key: l.id,
      id: l.id,
      whichLeg: l.whichLeg,
      locFirstAction: l.locFirstAction === 'WT' ? 'WT' : 'PU',
      locSecondAction: l.locSecondAction === 'DP' ? 'DP' : 'DO',
      passenger: passengerOption(l.passenger, t.passengers.find((p) => p.id === l.passengerId)),
      locationFirst: stopOf(l.locationFirst),
      locationSecond: stopOf(l.locationSecond),
      pickup: showTime(l.locFirstTimeOrd),
      dropoff: showTime(l.locSecondTimeOrd),
      appt: hm(l.apptTime),
      apptType: l.apptType,
      apptToSee: l.apptToSee ?? '',
      timePriority: (l.webFields.timePriority as TimePriority | undefined) ?? null,
      passNotes: l.passNotes ?? '',
      serviceCode: l.serviceCode,
      billToContactId: l.billToContactId,
      pickupTimeOverride: l.webFields.pickupTimeOverride === true,
      canceled: CANCELLED.includes(l.status),
      savedCanceled: CANCELLED.includes(l.status),
      webFields: l.webFields as LegWebFields,
      drive: l.googleDrivingDistanceMeters !== null ? { meters: l.googleDrivingDistanceMeters, seconds: l.googleDrivingTime } : null,
    })),
  };
}

/** A typed time as the API carries it; null when empty or not a time (the field shows why). */
export function timeValue(typed: string): string | null {
  if (!typed.trim()) return null;
  const parsed = parseTimeInput(typed);
  return 'value' in parsed ? parsed.value : null;
}

/** Why a typed time is not one, or null. */
export function timeError(typed: string): string | null {
  if (!typed.trim()) return null;
  const parsed = parseTimeInput(typed);
  return 'error' in parsed ? parsed.error : null;
}

/** How a stop is sent: the row it is, or its text (with the user's own placing, when they placed it). */
export function legInput(l: EditorLeg): ReservationLegInput {
  return {
    id: l.id,
    whichLeg: l.whichLeg,
    locFirstAction: l.locFirstAction,
    locSecondAction: l.locSecondAction,
    passengerId: l.passenger?.id ?? null,
    locationFirst: toLegAddressInput(l.locationFirst),
    locationSecond: toLegAddressInput(l.locationSecond),
    locFirstTimeOrd: timeValue(l.pickup),
    locSecondTimeOrd: timeValue(l.dropoff),
    apptTime: timeValue(l.appt),
    apptType: l.apptType,
    apptToSee: l.apptToSee.trim() || null,
    serviceCode: l.serviceCode,
    passNotes: l.passNotes.trim() || null,
    canceled: l.canceled,
    billToContactId: l.billToContactId,
    webFields: { ...l.webFields, timePriority: l.timePriority, pickupTimeOverride: l.pickupTimeOverride },
  };
}

/** The body of POST drive-assignments-detailed. A new leg cancelled before saving is left out. */
export function toSaveBody(t: EditorTrip): ReservationSave {
  return {
    id: t.id,
    ...(t.modCount !== null ? { modCount: t.modCount } : {}),
    serviceDate: t.serviceDate,
    serviceTypeRequested: t.serviceTypeRequested,
    serviceNumber: t.serviceNumber,
    daClass: t.daClass,
    billToContactId: t.billToContactId,
    authorizedBy: t.authorizedBy.trim() || null,
    requestedBy: t.requestedBy.trim() || null,
    pca: t.pca,
    passengersAdditional: t.passengersAdditional,
    schedulePriority: t.schedulePriority,
    returnType: t.returnType,
    willCall: t.willCall,
    // the server takes the division from the pickup ZIP (spec 2 §9)
    division: null,
    farConfirmed: t.farConfirmed,
    tripLegs: t.legs.filter((l) => l.id || !l.canceled).map(legInput),
  };
}
