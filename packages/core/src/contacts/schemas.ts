/**
 * The shapes of editing a contact (spec 2 §3 Contact, 3 §3 joinContactAddresses and member trip
 * authorizations): what POST contacts takes and what the edit modal reads.
 */
import { z } from 'zod';
import { CONTACT_TYPES } from '../auth/roles.ts';
import { IsoDate, text } from '../api/text.ts';
import { ADDRESS_LABELS, CONTACT_KINDS } from './addresses.ts';
import { CONTACT_MSG } from './messages.ts';
import { PHONE_PREFERENCES, PHONE_TYPES, formatPhone, phoneProblem } from './phones.ts';
import { MORE_CONTACT_TYPES } from './rules.ts';

/** Every type a contact may be given in the edit modal. */
export const CONTACT_EDIT_TYPES = [...CONTACT_TYPES, ...MORE_CONTACT_TYPES] as const;

const Id = z.uuid({ message: 'Must be a record id' });
const short = (max: number) => text().trim().max(max, `At most ${max} characters`);
/** An optional text field: empty means none. */
const optional = (max: number) =>
  short(max)
    .nullish()
    .transform((s) => (s ? s : null));

export const PhoneInput = z.object({
  id: Id.optional(),
  phoneNumberWithAreaCode: text()
    .trim()
    .max(40, CONTACT_MSG.PHONE_FORMAT)
    .refine((s) => phoneProblem(s) === null, CONTACT_MSG.PHONE_FORMAT)
    .transform(formatPhone),
  type: z.enum(PHONE_TYPES).default('Main'),
  smsEnabled: z.boolean().default(false),
  main: z.boolean().default(false),
});
export type PhoneInput = z.input<typeof PhoneInput>;

export const EmailInput = z.object({
  id: Id.optional(),
  email: text().trim().max(200, CONTACT_MSG.EMAIL_FORMAT).pipe(z.email(CONTACT_MSG.EMAIL_FORMAT)),
  type: short(30).default('Main'),
});

/** An address as typed (spec 3 §3 immutableAddress): saving it writes a new row. */
export const AddressInput = z
  .object({
    street: optional(200),
    suite: optional(50),
    city: optional(100),
    state: optional(50),
    zip: text()
      .trim()
      .regex(/^(\d{5}(-\d{4})?)?$/, CONTACT_MSG.ZIP_FORMAT)
      .nullish()
      .transform((s) => (s ? s : null)),
    country: optional(60),
    lat: z.number().min(-90, 'Latitude is -90 to 90').max(90, 'Latitude is -90 to 90').nullish(),
    lng: z.number().min(-180, 'Longitude is -180 to 180').max(180, 'Longitude is -180 to 180').nullish(),
    hasCustomLatLng: z.boolean().default(false),
  })
  .refine((a) => !!(a.street || a.city || a.zip || (a.lat != null && a.lng != null)), { message: CONTACT_MSG.ADDRESS_EMPTY, path: ['street'] });

export const JoinAddressInput = z.object({
  /** The join's id when it exists; its address is replaced by a new row when the parts changed. */
  id: Id.optional(),
  label: z.enum(ADDRESS_LABELS, { error: CONTACT_MSG.ADDRESS_LABEL }),
  immutableAddress: AddressInput,
});
export type JoinAddressInput = z.input<typeof JoinAddressInput>;

export const SpecialRequestInput = z.object({
  id: Id.optional(),
  note: text().trim().min(1, CONTACT_MSG.NOTE_REQUIRED).max(2000, 'A special request has at most 2000 characters'),
  active: z.boolean().default(true),
});

/** POST contacts: without id a new contact, with id (and the modCount read) a change. */
export const ContactInput = z.object({
  id: Id.optional(),
  modCount: z.number().int().min(0).optional(),
  type1: z.enum(CONTACT_KINDS),
  types: z.array(z.enum(CONTACT_EDIT_TYPES)).max(20).transform((t) => [...new Set(t)]),
  firstName: optional(80),
  middleName: optional(80),
  lastName: optional(80),
  companyName: optional(200),
  salutation: optional(20),
  title: optional(80),
  nickname: optional(80),
  poBox: optional(40),
  dob: IsoDate.nullish(),
  gender: optional(20),
  memberId: optional(40),
  memberPlanId: Id.nullish(),
  serviceType: optional(10),
  prefVehicle: optional(40),
  ambulatoryStatus: optional(40),
  curbToCurb: z.boolean().default(false),
  doNotShareVehicle: z.boolean().default(false),
  doNotChangeVehicle: z.boolean().default(false),
  ppec: z.boolean().default(false),
  externalSource: optional(60),
  externalId: optional(80),
  division: text()
    .trim()
    .regex(/^([A-Za-z]{2}\d{2})?$/, 'A division code is two letters and two digits, like NM01')
    .nullish()
    .transform((s) => (s ? s.toUpperCase() : null)),
  cnClass: optional(40),
  locationType: optional(40),
  billingNotes: optional(4000),
  billingContactId: Id.nullish(),
  schoolId: optional(40),
  preferredPartnerId: Id.nullish(),
  prefLanguage: optional(40),
  phonePreference: z.enum(PHONE_PREFERENCES).nullish(),
  notes: optional(4000),
  phones: z.array(PhoneInput).max(20).default([]),
  emails: z.array(EmailInput).max(20).default([]),
  joinContactAddresses: z.array(JoinAddressInput).max(20).default([]),
  caseManagerBillTos: z.array(Id).max(200).default([]),
  specialRequests: z.array(SpecialRequestInput).max(100).default([]),
  /** spec 2 §3 type 'Delete': the contact is deleted (kept, hidden) and its sessions end. */
  deleted: z.boolean().default(false),
});
export type ContactInput = z.input<typeof ContactInput>;
export type ParsedContactInput = z.output<typeof ContactInput>;

const nullableText = text().nullable();

export const ContactAddress = z.object({
  id: text(),
  addressId: text(),
  label: z.enum(ADDRESS_LABELS),
  deleted: z.boolean(),
  created: text(),
  immutableAddress: z.object({
    id: text(),
    googleId: nullableText,
    street: nullableText,
    suite: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    country: nullableText,
    county: nullableText,
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    completeAddress: nullableText,
    customLatLng: z.boolean(),
    hasCustomLatLng: z.boolean(),
    geocodeError: nullableText,
  }),
});
export type ContactAddress = z.infer<typeof ContactAddress>;

export const ContactPhone = z.object({
  id: text(),
  phoneNumberWithAreaCode: text(),
  type: text(),
  smsEnabled: z.boolean(),
  main: z.boolean(),
});
export const ContactEmail = z.object({ id: text(), email: text(), type: text(), deleted: z.boolean() });
export const SpecialRequest = z.object({
  id: text(),
  note: text(),
  active: z.boolean(),
  enteredBy: text(),
  entered: text(),
  contactUUID: text(),
});
export type SpecialRequest = z.infer<typeof SpecialRequest>;

/** A contact as the edit modal reads it (spec 2 §3); street … lat/lng are its first address's. */
export const ContactRecord = z.object({
  id: text(),
  contactNumber: z.number().int(),
  modCount: z.number().int(),
  name: text(),
  type1: z.enum(CONTACT_KINDS),
  types: z.array(text()),
  firstName: nullableText,
  middleName: nullableText,
  lastName: nullableText,
  companyName: nullableText,
  salutation: nullableText,
  title: nullableText,
  nickname: nullableText,
  poBox: nullableText,
  street: nullableText,
  suite: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  county: nullableText,
  country: nullableText,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  hasCustomLatLng: z.boolean(),
  googleFormattedAddress: nullableText,
  dob: nullableText,
  gender: nullableText,
  memberId: nullableText,
  memberPlanId: nullableText,
  serviceType: nullableText,
  prefVehicle: nullableText,
  ambulatoryStatus: nullableText,
  curbToCurb: z.boolean(),
  doNotShareVehicle: z.boolean(),
  doNotChangeVehicle: z.boolean(),
  ppec: z.boolean(),
  externalSource: nullableText,
  externalId: nullableText,
  division: nullableText,
  cnClass: nullableText,
  locationType: nullableText,
  billingNotes: nullableText,
  billingContactId: nullableText,
  billingContactName: nullableText,
  schoolId: nullableText,
  preferredPartnerId: nullableText,
  preferredPartnerName: nullableText,
  prefLanguage: nullableText,
  phonePreference: z.enum(PHONE_PREFERENCES).nullable(),
  primaryPhone: nullableText,
  notes: nullableText,
  deleted: z.boolean(),
  phones: z.array(ContactPhone),
  emails: z.array(ContactEmail),
  joinContactAddresses: z.array(ContactAddress),
  caseManagerBillTos: z.array(z.object({ id: text(), name: text() })),
  specialRequests: z.array(SpecialRequest),
});
export type ContactRecord = z.infer<typeof ContactRecord>;

/** What saving a contact answers: the record, and the addresses that could not be placed. */
export const ContactSaved = z.object({
  contact: ContactRecord,
  /** 'Unable to geocode {text}' or 'Error geocoding {text}: {message}' per address not placed. */
  warnings: z.array(text()),
});

export const MEMBER_TRIP_AUTHORIZATION_TYPES = ['LongDistance', 'OutOfArea', 'Standing'] as const;
export const DEFAULT_AUTHORIZATION_TYPE = 'LongDistance';

export const MemberTripAuthorizationInput = z.object({
  passengerId: Id,
  billToId: Id.nullish(),
  memberId: optional(40),
  type: z.enum(MEMBER_TRIP_AUTHORIZATION_TYPES).default(DEFAULT_AUTHORIZATION_TYPE),
  facilityId: Id.nullish(),
});
export type MemberTripAuthorizationInput = z.input<typeof MemberTripAuthorizationInput>;

export const MemberTripAuthorization = z.object({
  id: text(),
  passengerId: text(),
  billToId: nullableText,
  billToName: nullableText,
  memberId: nullableText,
  type: text(),
  facilityId: nullableText,
  facilityName: nullableText,
  created: text(),
});
export type MemberTripAuthorization = z.infer<typeof MemberTripAuthorization>;

/** A coverage found by its member id (GET coverages; spec 2 §3 coverages, read only), with its status today. */
export const MemberCoverage = z.object({
  id: text(),
  contactId: text(),
  contactNumber: z.number().int(),
  passengerName: text(),
  billToId: text(),
  billToName: text(),
  planId: nullableText,
  planName: nullableText,
  memberId: text(),
  status: text(),
  dateBegin: text(),
  dateEnd: text(),
});
export type MemberCoverage = z.infer<typeof MemberCoverage>;

/** contact-web-fields: the contact's preferred partner (prefProvider). */
export const ContactWebFields = z.object({ id: text(), prefProvider: nullableText, prefProviderName: nullableText });
