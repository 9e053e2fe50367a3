/**
 * Set-based inserts: rows are collected column by column and sent as one array parameter per
 * column, unpacked by unnest() on the server. One round trip loads thousands of rows, which is
 * what makes a million trips a matter of minutes.
 */
import type pg from 'pg';

export type ColumnTypes = Record<string, string>;

export class RowSet<C extends ColumnTypes> {
  readonly columns: (keyof C & string)[];
  private data: Record<string, unknown[]>;
  private readonly arrayColumns: Set<string>;
  size = 0;

  /**
   * `defaults` fill columns a row leaves out; anything else left out is NULL, because an unnest
   * insert names every column and so never falls back to the table's own defaults.
   */
  constructor(
    readonly table: string,
    readonly types: C,
    private readonly defaults: { [K in keyof C]?: unknown } = {},
  ) {
    this.columns = Object.keys(types) as (keyof C & string)[];
    this.arrayColumns = new Set(this.columns.filter((c) => types[c].endsWith('[]')));
    this.data = this.empty();
  }

  private empty(): Record<string, unknown[]> {
    const d: Record<string, unknown[]> = {};
    for (const c of this.columns) d[c] = [];
    return d;
  }

  add(row: { [K in keyof C]?: unknown }): void {
    for (const c of this.columns) {
      let v = row[c] ?? this.defaults[c] ?? null;
      // unnest() flattens nested arrays, so array values travel as array literals and are cast back
      if (v !== null && this.arrayColumns.has(c)) v = arrayLiteral(v as readonly string[]);
      this.data[c].push(v);
    }
    this.size++;
  }

  clear(): void {
    this.data = this.empty();
    this.size = 0;
  }

  /** Inserts everything collected, in chunks, and empties the set. */
  async flush(client: pg.ClientBase | pg.Pool, chunk = 20_000): Promise<number> {
    const total = this.size;
    const cols = this.columns;
    const paramType = (c: string) => (this.arrayColumns.has(c) ? 'text' : this.types[c]);
    const sql =
      `INSERT INTO ${this.table} (${cols.join(', ')}) ` +
      `SELECT ${cols.map((c) => (this.arrayColumns.has(c) ? `${c}::${this.types[c]}` : c)).join(', ')} ` +
      `FROM unnest(${cols.map((c, i) => `$${i + 1}::${paramType(c)}[]`).join(', ')}) AS u(${cols.join(', ')})`;
    for (let from = 0; from < total; from += chunk) {
      const params = cols.map((c) => (from === 0 && total <= chunk ? this.data[c] : this.data[c].slice(from, from + chunk)));
      await client.query(sql, params);
    }
    this.clear();
    return total;
  }
}

function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export const CONTACT_COLUMNS = {
  id: 'uuid',
  contact_number: 'bigint',
  name: 'text',
  first_name: 'text',
  last_name: 'text',
  types: 'text[]',
  ldap_groups: 'text[]',
  admin_access: 'boolean',
  parent_id: 'uuid',
  division_id: 'uuid',
  username: 'text',
  password_hash: 'text',
  mfa_required: 'boolean',
  date_of_birth: 'date',
  member_id: 'text',
  plan_id: 'uuid',
  base_lat: 'float8',
  base_lng: 'float8',
  oon: 'boolean',
  employee_number: 'text',
  notes: 'text',
  type1: 'text',
} as const;

export const ADDRESS_COLUMNS = {
  id: 'uuid',
  label: 'text',
  name: 'text',
  street: 'text',
  suite: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  google_formatted_address: 'text',
  complete_address: 'text',
  lat: 'float8',
  lng: 'float8',
  county_fips: 'text',
} as const;

export const PHONE_COLUMNS = {
  id: 'uuid',
  contact_id: 'uuid',
  phone_number_with_area_code: 'text',
  sms_enabled: 'boolean',
  main: 'boolean',
  type: 'text',
} as const;

export const EMAIL_COLUMNS = { id: 'uuid', contact_id: 'uuid', email: 'text', main: 'boolean' } as const;

export const VEHICLE_COLUMNS = {
  id: 'uuid',
  vehicle_number: 'text',
  vehicle_type: 'text',
  vin: 'text',
  license_plate: 'text',
  manufacturer: 'text',
  model: 'text',
  model_year: 'int4',
  ext_color: 'text',
  lift_max_weight: 'int4',
  lift_type: 'text',
  loading_type: 'text',
  bariatric: 'boolean',
  ambulatory_seating_capacity: 'int4',
  wheelchair_seating_capacity: 'int4',
  stretcher_capacity: 'int4',
  partner_id: 'uuid',
  description: 'text',
  status_lat: 'float8',
  status_lng: 'float8',
} as const;

export const TRIP_COLUMNS = {
  id: 'uuid',
  reference_number: 'text',
  service_date: 'date',
  service_type_requested: 'text',
  accepted: 'boolean',
  declined: 'boolean',
  deleted: 'boolean',
  canceled: 'boolean',
  cancelled_without_charge: 'boolean',
  cancelled_with_charge: 'boolean',
  cancelled_reason: 'text',
  dry_run: 'boolean',
  will_call: 'boolean',
  flag: 'text',
  locked: 'boolean',
  schedule_priority: 'int4',
  partner_pay_status: 'text',
  driver_emp_number_assigned: 'text',
  driver_id: 'uuid',
  vehicle_id: 'uuid',
  farmout_contact_number: 'bigint',
  farmout_contact_id: 'uuid',
  farmout_rate: 'numeric',
  bill_to_contact_id: 'uuid',
  division_id: 'uuid',
  county: 'text',
  passengers_additional: 'int4',
  pca: 'boolean',
  ppec: 'boolean',
  return_type: 'text',
  authorized: 'boolean',
  authorized_by: 'text',
  requested_by: 'text',
  marketplace_until: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

export const LEG_COLUMNS = {
  id: 'uuid',
  drive_assignment_id: 'uuid',
  which_leg: 'text',
  leg_order: 'int4',
  passenger_id: 'uuid',
  loc_first_action: 'text',
  loc_second_action: 'text',
  loc_first_time_ord: 'time',
  loc_second_time_ord: 'time',
  loc_first_time_act: 'time',
  loc_first_time_dep: 'time',
  loc_second_time_act: 'time',
  call_in_time: 'time',
  appt_type: 'text',
  appt_time: 'time',
  location_first_id: 'uuid',
  location_second_id: 'uuid',
  service_code: 'text',
  google_driving_distance_meters: 'int4',
  google_driving_time: 'int4',
  google_driving_time_no_traffic: 'int4',
  lob: 'text',
  division_id: 'uuid',
  member_id: 'text',
  member_plan_id: 'uuid',
  ambulatory_status: 'text',
  infectious_disease_flag: 'boolean',
  pass_name: 'text',
  pass_notes: 'text',
  serv_date_beg: 'date',
  status: 'text',
  cancel_nc: 'boolean',
  cancel_wc: 'boolean',
  bill_to_contact_id: 'uuid',
} as const;

export const newContacts = () =>
  new RowSet('contacts', CONTACT_COLUMNS, { types: [], ldap_groups: [], admin_access: false, mfa_required: false, oon: false });
export const newAddresses = () => new RowSet('addresses', ADDRESS_COLUMNS, { label: 'Home' });
/** A contact's addresses are joins to immutable address rows (spec 3 §3 joinContactAddresses). */
export const ADDRESS_JOIN_COLUMNS = { contact_id: 'uuid', address_id: 'uuid', label: 'text', sort_order: 'int4' } as const;
export const newAddressJoins = () => new RowSet('join_contact_addresses', ADDRESS_JOIN_COLUMNS, { sort_order: 0 });
export const newPhones = () => new RowSet('contact_phones', PHONE_COLUMNS, { sms_enabled: false, main: false, type: 'Main' });
export const newEmails = () => new RowSet('contact_emails', EMAIL_COLUMNS, { main: false });
export const newVehicles = () =>
  new RowSet('vehicles', VEHICLE_COLUMNS, {
    bariatric: false,
    ambulatory_seating_capacity: 0,
    wheelchair_seating_capacity: 0,
    stretcher_capacity: 0,
  });
export const newTrips = () =>
  new RowSet('drive_assignments', TRIP_COLUMNS, {
    accepted: false,
    declined: false,
    deleted: false,
    canceled: false,
    cancelled_without_charge: false,
    cancelled_with_charge: false,
    dry_run: false,
    will_call: false,
    locked: false,
    schedule_priority: 1,
    partner_pay_status: 'Open',
    passengers_additional: 0,
    pca: false,
    ppec: false,
    authorized: false,
  });
export const newLegs = () =>
  new RowSet('trip_legs', LEG_COLUMNS, {
    which_leg: 'A',
    leg_order: 0,
    loc_first_action: 'PU',
    loc_second_action: 'DO',
    infectious_disease_flag: false,
    status: 'Pending',
    cancel_nc: false,
    cancel_wc: false,
  });

export type ContactRows = ReturnType<typeof newContacts>;
export type AddressRows = ReturnType<typeof newAddresses>;
export type AddressJoinRows = ReturnType<typeof newAddressJoins>;
export type PhoneRows = ReturnType<typeof newPhones>;
export type EmailRows = ReturnType<typeof newEmails>;
export type VehicleRows = ReturnType<typeof newVehicles>;
export type TripRows = ReturnType<typeof newTrips>;
export type LegRows = ReturnType<typeof newLegs>;
