/**
 * The edit modal's form (spec 2 §3): a contact as editable text, made from a saved record or from
 * the defaults of a new Person or Business, checked with the same rules as the server, and turned
 * into the body of POST contacts.
 */
import {
  ContactInput,
  contactProblems,
  newAddressLabel,
  newContactDefaults,
  sortAddresses,
  type AddressLabel,
  type ContactKind,
  type ContactProblem,
  type ContactRecord,
  type PhonePreference,
} from '@tripline/core';
import { formatUsDate, parseDateInput } from '../../lib/date-input.ts';

let keySeq = 0;
/** A key that tells list rows apart before they have ids. */
export const newKey = () => `k${++keySeq}`;

export interface PhoneRow { key: string; id?: string; phoneNumberWithAreaCode: string; type: string; smsEnabled: boolean; main: boolean }
export interface EmailRow { key: string; id?: string; email: string; type: string }
export interface AddressRow {
  key: string;
  /** The join's id once saved. */
  id?: string;
  label: AddressLabel;
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  lat: number | null;
  lng: number | null;
  hasCustomLatLng: boolean;
  /** The geocoding service failed for this address (rule 138: the form is not valid). */
  geocodeError: string | null;
}
export interface RequestRow { key: string; id?: string; note: string; active: boolean; enteredBy: string | null; entered: string | null }

/** Text fields of the form, by their API names. */
export const TEXT_FIELDS = [
  'firstName', 'middleName', 'lastName', 'companyName', 'salutation', 'title', 'nickname', 'poBox', 'gender', 'memberId',
  'serviceType', 'prefVehicle', 'ambulatoryStatus', 'externalSource', 'externalId', 'division', 'cnClass', 'locationType',
  'billingNotes', 'schoolId', 'prefLanguage', 'notes',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const FLAG_FIELDS = ['curbToCurb', 'doNotShareVehicle', 'doNotChangeVehicle', 'ppec'] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

export type ContactForm = Record<TextField, string> &
  Record<FlagField, boolean> & {
    id: string | null;
    modCount: number | null;
    contactNumber: number | null;
    type1: ContactKind;
    types: string[];
    /** As typed; any format of DECISIONS 2. */
    dob: string;
    memberPlanId: string | null;
    billingContact: { id: string; name: string } | null;
    preferredPartnerId: string | null;
    phonePreference: PhonePreference | null;
    phones: PhoneRow[];
    emails: EmailRow[];
    addresses: AddressRow[];
    billTos: { id: string; name: string }[];
    specialRequests: RequestRow[];
    deleted: boolean;
  };

const blankTexts = () => Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
const blankFlags = () => Object.fromEntries(FLAG_FIELDS.map((f) => [f, false])) as Record<FlagField, boolean>;

/** A new Person or Business with the spec's defaults (2 §5). */
export function newContactForm(kind: ContactKind): ContactForm {
  const d = newContactDefaults(kind);
  return {
    ...blankTexts(),
    ...blankFlags(),
    locationType: d.locationType ?? '',
    serviceType: d.serviceType ?? '',
    id: null,
    modCount: null,
    contactNumber: null,
    type1: d.type1,
    types: d.types,
    dob: '',
    memberPlanId: null,
    billingContact: null,
    preferredPartnerId: null,
    phonePreference: null,
    phones: [],
    emails: [],
    addresses: [],
    billTos: [],
    specialRequests: [],
    deleted: false,
  };
}

/** The form of a saved contact. */
export function formOfRecord(r: ContactRecord): ContactForm {
  const texts = blankTexts();
  for (const f of TEXT_FIELDS) texts[f] = (r[f] as string | null) ?? '';
  const flags = blankFlags();
  for (const f of FLAG_FIELDS) flags[f] = r[f];
  return {
    ...texts,
    ...flags,
    id: r.id,
    modCount: r.modCount,
    contactNumber: r.contactNumber,
    type1: r.type1,
    types: [...r.types],
    dob: r.dob ? formatUsDate(r.dob) : '',
    memberPlanId: r.memberPlanId,
    billingContact: r.billingContactId ? { id: r.billingContactId, name: r.billingContactName ?? '' } : null,
    preferredPartnerId: r.preferredPartnerId,
    phonePreference: r.phonePreference,
    phones: r.phones.map((p) => ({ key: newKey(), id: p.id, phoneNumberWithAreaCode: p.phoneNumberWithAreaCode, type: p.type, smsEnabled: p.smsEnabled, main: p.main })),
    emails: r.emails.map((e) => ({ key: newKey(), id: e.id, email: e.email, type: e.type })),
    addresses: sortAddresses(r.joinContactAddresses).map((j) => ({
      key: newKey(),
      id: j.id,
      label: j.label,
      street: j.immutableAddress.street ?? '',
      suite: j.immutableAddress.suite ?? '',
      city: j.immutableAddress.city ?? '',
      state: j.immutableAddress.state ?? '',
      zip: j.immutableAddress.zip ?? '',
      lat: j.immutableAddress.lat,
      lng: j.immutableAddress.lng,
      hasCustomLatLng: j.immutableAddress.hasCustomLatLng,
      geocodeError: null,
    })),
    billTos: r.caseManagerBillTos.map((b) => ({ ...b })),
    specialRequests: r.specialRequests.map((s) => ({ key: newKey(), id: s.id, note: s.note, active: s.active, enteredBy: s.enteredBy, entered: s.entered })),
    deleted: r.deleted,
  };
}

/** An empty address row with the label the spec gives it (rule 132). */
export function blankAddress(form: ContactForm): AddressRow {
  const label = newAddressLabel(form.type1, form.addresses.map((a) => a.label));
  return { key: newKey(), label, street: '', suite: '', city: '', state: '', zip: '', lat: null, lng: null, hasCustomLatLng: false, geocodeError: null };
}

/** The body of POST contacts for the form. */
export function bodyOfForm(f: ContactForm, today: string): ContactInput {
  const texts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, f[k].trim() || null]));
  const dob = f.dob.trim() ? (parseDateInput(f.dob, today) ?? f.dob.trim()) : null;
  return {
    ...texts,
    ...(f.id ? { id: f.id, modCount: f.modCount ?? 0 } : {}),
    type1: f.type1,
    types: f.types as ContactInput['types'],
    dob,
    memberPlanId: f.memberPlanId,
    curbToCurb: f.curbToCurb,
    doNotShareVehicle: f.doNotShareVehicle,
    doNotChangeVehicle: f.doNotChangeVehicle,
    ppec: f.ppec,
    billingContactId: f.billingContact?.id ?? null,
    preferredPartnerId: f.preferredPartnerId,
    phonePreference: f.phonePreference,
    phones: f.phones.map((p) => ({ ...(p.id ? { id: p.id } : {}), phoneNumberWithAreaCode: p.phoneNumberWithAreaCode, type: p.type as 'Main', smsEnabled: p.smsEnabled, main: p.main })),
    emails: f.emails.map((e) => ({ ...(e.id ? { id: e.id } : {}), email: e.email, type: e.type })),
    joinContactAddresses: f.addresses.map((a) => ({
      ...(a.id ? { id: a.id } : {}),
      label: a.label,
      immutableAddress: { street: a.street, suite: a.suite, city: a.city, state: a.state, zip: a.zip, lat: a.lat, lng: a.lng, hasCustomLatLng: a.hasCustomLatLng },
    })),
    caseManagerBillTos: f.billTos.map((b) => b.id),
    specialRequests: f.specialRequests.map((s) => ({ ...(s.id ? { id: s.id } : {}), note: s.note, active: s.active })),
    deleted: f.deleted,
  } as ContactInput;
}

/** Every problem of the form, as the server would find them (schema, then the contact rules, then geocoding). */
export function formProblems(f: ContactForm, today: string): ContactProblem[] {
  const parsed = ContactInput.safeParse(bodyOfForm(f, today));
  const out: ContactProblem[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  if (f.dob.trim() && !parseDateInput(f.dob, today)) out.unshift({ path: 'dob', message: 'Enter the date of birth as MM/DD/YYYY' });
  if (parsed.success) out.push(...contactProblems(parsed.data));
  f.addresses.forEach((a, i) => {
    if (a.geocodeError) out.push({ path: `joinContactAddresses.${i}`, message: a.geocodeError });
  });
  return out;
}

/** The tab a problem's field sits on, so the modal can open it. */
export function tabOfPath(path: string): ContactTab {
  const head = path.split('.')[0] ?? '';
  if (head === 'phones' || head === 'emails' || head === 'phonePreference') return 'phones';
  if (head === 'joinContactAddresses') return 'addresses';
  if (head === 'specialRequests') return 'requests';
  if (['billingNotes', 'billingContactId', 'caseManagerBillTos'].includes(head)) return 'billing';
  if (['memberId', 'serviceType', 'prefVehicle', 'ambulatoryStatus', 'curbToCurb', 'doNotShareVehicle', 'doNotChangeVehicle', 'ppec', 'externalSource', 'externalId', 'cnClass', 'schoolId'].includes(head)) return 'passenger';
  return 'general';
}

/** The modal's tabs in order; phones is the fifth (showTab=5 or showTab=phones opens it). */
export const CONTACT_TABS = ['general', 'passenger', 'billing', 'addresses', 'phones', 'requests', 'coverages', 'authorizations', 'blacklists'] as const;
export type ContactTab = (typeof CONTACT_TABS)[number];

/** The tab showTab names: a tab's name or its number from 1; anything else the first. */
export function tabOfShowTab(showTab: string | undefined | null): ContactTab {
  if (!showTab) return 'general';
  const n = Number(showTab);
  if (Number.isInteger(n) && n >= 1 && n <= CONTACT_TABS.length) return CONTACT_TABS[n - 1]!;
  const named = CONTACT_TABS.find((t) => t === showTab.trim().toLowerCase());
  return named ?? 'general';
}

/** Whether the form differs from what it was opened with. */
export function isDirty(a: ContactForm, b: ContactForm): boolean {
  const strip = (f: ContactForm) => JSON.stringify(f, (k, v) => (k === 'key' ? undefined : v));
  return strip(a) !== strip(b);
}
