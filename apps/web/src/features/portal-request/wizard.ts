import { RES_MSG, tripRequestIssues, type AddressOption, type TripCreateOptions, type TripRequest } from '@tripline/core';

/** The wizard's steps (spec 2 §2 case manager trip request wizard). */
export type WizardStep = 'initializing' | 'selectPassenger' | 'enterTripDetails' | 'preview' | 'done';

/** How the trip is timed: by the appointment (pickup worked out), by a pickup time, or on the passenger's call. */
export type Timing = 'appointment' | 'pickup' | 'willCall';

/** A stop as the form holds it: one of the passenger's addresses (id) or typed text. */
export interface PlaceValue {
  id: string | null;
  text: string;
}

export interface RequestForm {
  serviceTypeCode: string;
  serviceDate: string | null;
  apptType: string | null;
  timing: Timing;
  /** 'HH:MM' as the time fields give it, or ''. */
  apptTime: string;
  pickupTime: string;
  /** With an appointment: the user sets the pickup time instead of having it worked out. */
  setPickup: boolean;
  locationFirst: PlaceValue;
  locationSecond: PlaceValue;
  farConfirmed: boolean;
}

const NO_PLACE: PlaceValue = { id: null, text: '' };
const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '');
const place = (a: AddressOption | null | undefined): PlaceValue => (a ? { id: a.id, text: a.text } : NO_PLACE);

/** A new form, or one filled from the trip it duplicates or returns (the date is always chosen anew). */
export function initialForm(options: TripCreateOptions): RequestForm {
  const p = options.prefill;
  const first = options.serviceTypes[0]?.code ?? '01';
  if (!p) {
    return { serviceTypeCode: first, serviceDate: null, apptType: null, timing: 'appointment', apptTime: '', pickupTime: '', setPickup: false, locationFirst: NO_PLACE, locationSecond: NO_PLACE, farConfirmed: false };
  }
  const offered = options.serviceTypes.some((s) => s.code === p.serviceTypeCode);
  const timing: Timing = p.willCall ? 'willCall' : p.apptTime || !p.pickupTime ? 'appointment' : 'pickup';
  return {
    serviceTypeCode: offered ? p.serviceTypeCode : first,
    serviceDate: null,
    apptType: options.apptTypes.some((t) => t.code === p.apptType) ? p.apptType : null,
    timing,
    apptTime: hhmm(p.apptTime),
    pickupTime: hhmm(p.pickupTime),
    setPickup: timing === 'appointment' && p.pickupTimeOverride && !!p.pickupTime,
    locationFirst: place(p.locationFirst),
    locationSecond: place(p.locationSecond),
    farConfirmed: false,
  };
}

/** The stop the form sends: the address chosen (by id), else the typed text, else nothing. */
function stopOf(v: PlaceValue): TripRequest['locationFirst'] {
  if (v.id) return { id: v.id };
  const text = v.text.trim();
  return text ? { text } : null;
}

const seconds = (t: string) => (t ? `${t.slice(0, 5)}:00` : null);

/** The request (spec 2 §3) the form stands for. */
export function requestOf(form: RequestForm, passengerId: string): TripRequest {
  const byAppt = form.timing === 'appointment';
  const pickup = form.timing === 'pickup' || (byAppt && form.setPickup) ? seconds(form.pickupTime) : null;
  return {
    passenger: passengerId,
    serviceTypeCode: form.serviceTypeCode,
    serviceDate: form.serviceDate ?? '',
    apptTime: byAppt ? seconds(form.apptTime) : null,
    pickupTime: pickup,
    pickupTimeOverride: byAppt && form.setPickup,
    dropoffTime: null,
    willCall: form.timing === 'willCall',
    locationFirst: stopOf(form.locationFirst),
    locationSecond: stopOf(form.locationSecond),
    apptType: form.apptType ?? '',
    farConfirmed: form.farConfirmed,
  };
}

/** The request's fields as the form names them (details of a 400 come with the request's names). */
export type FieldErrors = Partial<Record<'passenger' | 'serviceTypeCode' | 'serviceDate' | 'apptType' | 'apptTime' | 'pickupTime' | 'dropoffTime' | 'locationFirst' | 'locationSecond' | 'farConfirmed', string>>;

/** A 400's details (or the browser's own check) as one message per field, the first for each. */
export function fieldErrors(details: readonly { path: string; message: string }[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const d of details) {
    const field = d.path.split('.')[0] === 'dropoffTime' ? 'pickupTime' : d.path.split('.')[0];
    out[field] ??= d.message;
  }
  return out as FieldErrors;
}

/** rule 188: what the browser refuses before asking for a preview, by field (the server checks it again). */
export function formErrors(form: RequestForm, passengerId: string, options: TripCreateOptions, today: string, now: string): FieldErrors {
  const r = requestOf(form, passengerId);
  const window = { earliestDate: options.earliestDate, latestDate: options.latestDate, noticeHoursMin: options.noticeHoursMin };
  const issues = tripRequestIssues(
    { ...r, serviceDate: r.serviceDate || null, apptType: r.apptType || null },
    { window, serviceCodes: options.serviceTypes.map((s) => s.code), apptTypes: options.apptTypes.map((t) => t.code), today, now },
  );
  // the time the chosen timing asks for is named instead of the editor's 'a pickup, appointment or dropoff time'
  const own: { path: string; message: string }[] = [];
  if (form.timing === 'appointment' && !form.apptTime) own.push({ path: 'apptTime', message: 'Enter the appointment time' });
  if ((form.timing === 'pickup' || (form.timing === 'appointment' && form.setPickup)) && !form.pickupTime) own.push({ path: 'pickupTime', message: 'Enter the pickup time' });
  return fieldErrors([...own, ...(own.length ? issues.filter((i) => i.message !== RES_MSG.PICKUP_REQUIRED) : issues)]);
}

/** The place a typed or chosen text stands for: one of the passenger's addresses when it is one of them exactly. */
export function placeOfText(text: string, addresses: readonly AddressOption[]): PlaceValue {
  const match = addresses.find((a) => a.text === text);
  return match ? { id: match.id, text: match.text } : { id: null, text };
}

/** Who is requesting, for where the done step leads: the two portals' trip pages, or staff's trip list. */
export type Requester = 'passenger' | 'caseManager' | 'staff';

/** The page of the trip just booked (done step). */
export function tripPageLink(trip: { daId: string; referenceNumber: string }, who: Requester): string {
  if (who === 'staff') return `/admin/trips?referenceNumber=${encodeURIComponent(trip.referenceNumber)}`;
  return `${who === 'caseManager' ? '/case-manager/' : '/passenger-portal/'}?daId=${encodeURIComponent(trip.daId)}`;
}
