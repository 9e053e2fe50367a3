/**
 * The demo operator under construction: seeded streams, the rows collected so far and small
 * helpers to add a contact with its address, phones and e-mails.
 */
import { Rng, deriveSeed } from './random.ts';
import { RowSet, newAddresses, newAddressJoins, newContacts, newEmails, newPhones, newVehicles } from './tables.ts';
import type { ContactRows, AddressRows, AddressJoinRows, PhoneRows, EmailRows, VehicleRows } from './tables.ts';
import type { StreetAddress } from './places.ts';
import type { Place } from './world.ts';
import { COUNTIES } from './reference.ts';

export const DEMO_SEED = 20_240_601;

const DIVISION_COLUMNS = { id: 'uuid', code: 'text', name: 'text', state: 'text', time_zone: 'text' } as const;
const COUNTY_COLUMNS = { fips: 'text', name: 'text', state: 'text', division_id: 'uuid' } as const;
const PLAN_COLUMNS = { id: 'uuid', mco_id: 'uuid', name: 'text', code: 'text', lob: 'text' } as const;
const CANCEL_COLUMNS = {
  id: 'uuid',
  label: 'text',
  require_stats: 'boolean',
  with_charge: 'boolean',
  staff_only: 'boolean',
  require_notes: 'boolean',
  sort_order: 'int4',
} as const;
const DECLINE_COLUMNS = { id: 'uuid', name: 'text', aliases: 'text[]', always_visible: 'boolean', sort_order: 'int4' } as const;
const CASE_MANAGER_COLUMNS = { case_manager_id: 'uuid', bill_to_id: 'uuid' } as const;

export interface DemoContext {
  /** Ids come from their own stream so that adding a field elsewhere does not renumber everything. */
  ids: Rng;
  rng: Rng;
  nextContactNumber(): number;
  /** Division ids by code. */
  divisionIds: Map<string, string>;
  passwordHash: string;
  divisions: RowSet<typeof DIVISION_COLUMNS>;
  counties: RowSet<typeof COUNTY_COLUMNS>;
  plans: RowSet<typeof PLAN_COLUMNS>;
  cancelReasons: RowSet<typeof CANCEL_COLUMNS>;
  declineReasons: RowSet<typeof DECLINE_COLUMNS>;
  caseManagerBillTos: RowSet<typeof CASE_MANAGER_COLUMNS>;
  /** MCOs and bill-to accounts: plans point at MCOs and members point at plans, so these go first. */
  payers: ContactRows;
  contacts: ContactRows;
  addresses: AddressRows;
  addressJoins: AddressJoinRows;
  phones: PhoneRows;
  emails: EmailRows;
  vehicles: VehicleRows;
}

export function createContext(seed: number, passwordHash: string): DemoContext {
  let contactNumber = 100_000;
  return {
    ids: new Rng(deriveSeed(seed, 'ids')),
    rng: new Rng(deriveSeed(seed, 'operator')),
    nextContactNumber: () => ++contactNumber,
    divisionIds: new Map(),
    passwordHash,
    divisions: new RowSet('divisions', DIVISION_COLUMNS),
    counties: new RowSet('counties', COUNTY_COLUMNS),
    plans: new RowSet('plans', PLAN_COLUMNS),
    cancelReasons: new RowSet('cancel_reasons', CANCEL_COLUMNS),
    declineReasons: new RowSet('decline_reasons', DECLINE_COLUMNS),
    caseManagerBillTos: new RowSet('case_manager_bill_tos', CASE_MANAGER_COLUMNS),
    payers: newContacts(),
    contacts: newContacts(),
    addresses: newAddresses(),
    addressJoins: newAddressJoins(),
    phones: newPhones(),
    emails: newEmails(),
    vehicles: newVehicles(),
  };
}

/** Rows in the order foreign keys need them. */
export function rowSetsInOrder(ctx: DemoContext): RowSet<Record<string, string>>[] {
  return [
    ctx.divisions,
    ctx.counties,
    ctx.payers,
    ctx.plans,
    ctx.contacts,
    ctx.addresses,
    ctx.addressJoins,
    ctx.phones,
    ctx.emails,
    ctx.caseManagerBillTos,
    ctx.vehicles,
    ctx.cancelReasons,
    ctx.declineReasons,
  ] as unknown as RowSet<Record<string, string>>[];
}

export interface ContactFields {
  id?: string;
  name: string;
  first_name?: string;
  last_name?: string;
  types: string[];
  ldap_groups?: string[];
  admin_access?: boolean;
  parent_id?: string | null;
  division_id?: string | null;
  username?: string;
  mfa_required?: boolean;
  date_of_birth?: string;
  member_id?: string;
  plan_id?: string | null;
  base_lat?: number;
  base_lng?: number;
  oon?: boolean;
  employee_number?: string;
  notes?: string;
}

export interface AddedContact {
  id: string;
  contactNumber: number;
}

export function addContact(ctx: DemoContext, fields: ContactFields, payer = false): AddedContact {
  const id = fields.id ?? ctx.ids.uuid();
  const contactNumber = ctx.nextContactNumber();
  (payer ? ctx.payers : ctx.contacts).add({
    ...fields,
    id,
    contact_number: contactNumber,
    password_hash: fields.username ? ctx.passwordHash : null,
    // companies are Businesses (spec 2 §3 type1); people, and a partner's users, are Persons
    type1: fields.types.some((t) => BUSINESS_TYPES.has(t)) || (fields.types.includes('Affiliate') && !fields.parent_id) ? 'Business' : 'Person',
  });
  return { id, contactNumber };
}

const BUSINESS_TYPES = new Set(['Bill To', 'MCO', 'Facility']);

const COUNTY_NAMES = new Map(COUNTIES.map((c) => [c.fips, c.name]));

export function addAddress(
  ctx: DemoContext,
  contactId: string | null,
  a: StreetAddress,
  label: string,
  name?: string,
): Place {
  const id = ctx.ids.uuid();
  const { city, state, zip, countyFips } = a.place;
  const line = `${a.street}${a.suite ? ` ${a.suite}` : ''}, ${city}, ${state} ${zip}`;
  const countyName = COUNTY_NAMES.get(countyFips);
  if (!countyName) throw new Error(`ZIP ${zip} lies in county ${countyFips}, which no demo division covers`);
  ctx.addresses.add({
    id,
    label,
    name: name ?? null,
    street: a.street,
    suite: a.suite,
    city,
    state,
    zip,
    google_formatted_address: `${line}, USA`,
    complete_address: line,
    lat: a.lat,
    lng: a.lng,
    county_fips: countyFips,
  });
  if (contactId) ctx.addressJoins.add({ contact_id: contactId, address_id: id, label });
  return { addressId: id, lat: a.lat, lng: a.lng, countyName };
}

export function addPhone(
  ctx: DemoContext,
  contactId: string,
  number: string,
  opts: { type?: string; main?: boolean; sms?: boolean } = {},
): void {
  ctx.phones.add({
    id: ctx.ids.uuid(),
    contact_id: contactId,
    phone_number_with_area_code: number,
    type: opts.type ?? 'Main',
    main: opts.main ?? true,
    sms_enabled: opts.sms ?? false,
  });
}

export function addEmail(ctx: DemoContext, contactId: string, email: string, main = true): void {
  ctx.emails.add({ id: ctx.ids.uuid(), contact_id: contactId, email, main });
}
