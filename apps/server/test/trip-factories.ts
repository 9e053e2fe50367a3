import { randomBytes } from 'node:crypto';
import type { PartnerPayStatus } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { CANCEL_REASONS, DECLINE_REASONS } from '../src/modules/demo/reference.ts';
import { hashToken } from '../src/platform/auth/sessions.ts';
import { Browser } from './app.ts';
import { createContact, PASSWORD, type ContactSpec, type Created } from './factories.ts';

/**
 * The test clock's "now" (test/app.ts ManualClock): 2026-11-22 08:00 in Albuquerque. Trips on
 * TODAY with a pickup before 08:00 have taken place; PAST and FUTURE are the days around it.
 */
export const TODAY = '2026-11-22';
export const PAST = '2026-11-21';
export const FUTURE = '2026-11-23';

let divisionId: Promise<string> | null = null;
let divisionPool: Pool | null = null;

/** The one division trips are booked in (Albuquerque's time zone). */
export function division(pool: Pool): Promise<string> {
  if (divisionPool !== pool) {
    divisionPool = pool;
    divisionId = pool
      .query(
        `insert into divisions (code, name, state, time_zone) values ('NM01', 'Albuquerque', 'NM', 'America/Denver')
         on conflict (code) do update set code = excluded.code returning id`,
      )
      .then((r) => r.rows[0].id as string);
  }
  return divisionId as Promise<string>;
}

export interface Partner {
  partner: Created;
  /** A signed-in user of the partner (type Affiliate, parent the partner company). */
  user: Created;
}

/** A partner company and one user who signs in for it. */
export async function createPartner(pool: Pool, name = `Partner ${randomBytes(3).toString('hex')}`): Promise<Partner> {
  const partner = await createContact(pool, { name, types: ['Affiliate'], username: null });
  const user = await createContact(pool, { types: ['Affiliate'], parentId: partner.id });
  return { partner, user };
}

export async function createDriver(pool: Pool, partnerId: string, spec: { employeeNumber?: string; phone?: ContactSpec['phone'] } = {}) {
  const driver = await createContact(pool, { types: ['Driver'], parentId: partnerId, username: null, phone: spec.phone });
  const employeeNumber = spec.employeeNumber ?? `D${randomBytes(2).toString('hex')}`;
  await pool.query('update contacts set employee_number = $2 where id = $1', [driver.id, employeeNumber]);
  return { ...driver, employeeNumber };
}

export interface LegSpec {
  pickup?: string | null;
  dropoff?: string | null;
  passengerId?: string | null;
  act?: string | null;
  dep?: string | null;
  drop?: string | null;
  status?: string;
  cancelNc?: boolean;
  cancelWc?: boolean;
  callIn?: string | null;
  serviceCode?: string | null;
}

export interface TripSpec {
  partnerId?: string | null;
  serviceDate?: string;
  accepted?: boolean;
  declined?: boolean;
  dryRun?: boolean;
  canceled?: boolean;
  cancelledWithCharge?: boolean;
  cancelledWithoutCharge?: boolean;
  cancelledReason?: string | null;
  locked?: boolean;
  willCall?: boolean;
  flag?: string | null;
  partnerPayStatus?: PartnerPayStatus;
  driverId?: string | null;
  driverEmpNumberAssigned?: string | null;
  billToId?: string | null;
  legs?: LegSpec[];
}

export interface CreatedTrip {
  id: string;
  referenceNumber: string;
  modCount: number;
  legIds: string[];
}

/** A trip with exactly the fields and legs the test asks for (one 09:00–09:40 leg by default). */
export async function createTrip(pool: Pool, spec: TripSpec = {}): Promise<CreatedTrip> {
  const { rows } = await pool.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id, division_id, accepted, declined,
       deleted, dry_run, canceled, cancelled_with_charge, cancelled_without_charge, cancelled_reason, locked, will_call, flag,
       partner_pay_status, driver_id, driver_emp_number_assigned, bill_to_contact_id, farmout_rate)
     values ($1, '01', $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 42.5)
     returning id, reference_number, mod_count`,
    [
      spec.serviceDate ?? TODAY,
      spec.partnerId ?? null,
      await division(pool),
      spec.accepted ?? false,
      spec.declined ?? false,
      spec.dryRun ?? false,
      spec.canceled ?? false,
      spec.cancelledWithCharge ?? false,
      spec.cancelledWithoutCharge ?? false,
      spec.cancelledReason ?? null,
      spec.locked ?? false,
      spec.willCall ?? false,
      spec.flag ?? null,
      spec.partnerPayStatus ?? 'Open',
      spec.driverId ?? null,
      spec.driverEmpNumberAssigned ?? null,
      spec.billToId ?? null,
    ],
  );
  const legIds: string[] = [];
  for (const [i, leg] of (spec.legs ?? [{}]).entries()) {
    const r = await pool.query(
      `insert into trip_legs (drive_assignment_id, which_leg, leg_order, passenger_id, loc_first_time_ord, loc_second_time_ord,
         loc_first_time_act, loc_first_time_dep, loc_second_time_act, status, cancel_nc, cancel_wc, call_in_time, service_code,
         serv_date_beg, bill_to_contact_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
      [
        rows[0].id,
        String.fromCharCode(65 + i),
        i,
        leg.passengerId ?? null,
        leg.pickup === undefined ? '09:00:00' : leg.pickup,
        leg.dropoff === undefined ? '09:40:00' : leg.dropoff,
        leg.act ?? null,
        leg.dep ?? null,
        leg.drop ?? null,
        leg.status ?? 'Pending',
        leg.cancelNc ?? false,
        leg.cancelWc ?? false,
        leg.callIn ?? null,
        leg.serviceCode ?? '01',
        spec.serviceDate ?? TODAY,
        spec.billToId ?? null,
      ],
    );
    legIds.push(r.rows[0].id);
  }
  // the legs stamped the trip's view; read modCount after, as the browser would
  const mod = await pool.query('select mod_count from drive_assignments where id = $1', [rows[0].id]);
  return { id: rows[0].id, referenceNumber: rows[0].reference_number, modCount: mod.rows[0].mod_count, legIds };
}

/** The operator's decline and cancel reasons, as the demo operator has them. */
export async function createReasons(pool: Pool): Promise<void> {
  for (const [i, r] of DECLINE_REASONS.entries()) {
    await pool.query('insert into decline_reasons (name, aliases, always_visible, sort_order) values ($1, $2, $3, $4)', [
      r.name,
      r.aliases,
      r.alwaysVisible,
      i,
    ]);
  }
  for (const [i, r] of CANCEL_REASONS.entries()) {
    await pool.query(
      'insert into cancel_reasons (label, require_stats, with_charge, staff_only, require_notes, sort_order) values ($1, $2, $3, $4, $5, $6)',
      [r.label, r.requireStats, r.withCharge, r.staffOnly, r.requireNotes ?? true, i],
    );
  }
}

/** A browser signed in as the user. */
export async function signIn(app: FastifyInstance, user: Created): Promise<Browser> {
  const b = new Browser(app);
  const res = await b.login(user.username as string, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return b;
}

/** An API token of the contact with the given areas and methods; answers the token's value. */
export async function apiToken(pool: Pool, contactId: string, endpoints: Record<string, string[]>): Promise<string> {
  const value = `tok_${randomBytes(16).toString('hex')}`;
  await pool.query('insert into api_tokens (contact_id, name, token_hash, endpoints) values ($1, $2, $3, $4)', [
    contactId,
    'integration',
    hashToken(value),
    JSON.stringify(endpoints),
  ]);
  return value;
}

/** The trip row as stored, to prove a refused write changed nothing. */
export async function tripRow(pool: Pool, id: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query('select * from drive_assignments where id = $1', [id]);
  const legs = await pool.query('select * from trip_legs where drive_assignment_id = $1 order by leg_order', [id]);
  const activities = await pool.query('select * from partner_activities where drive_assignment_id = $1 order by created_at', [id]);
  return { ...rows[0], legs: legs.rows, activities: activities.rows };
}

/** Audit rows of a record, oldest first. */
export async function auditRows(pool: Pool, table: string, recordId: string) {
  const { rows } = await pool.query(
    'select activity_type, actor_id, impersonator_id, before, after, request_id from audit_log where table_name = $1 and record_id = $2 order by id',
    [table, recordId],
  );
  return rows;
}

/** A multipart/form-data body with the given parts, as a browser sends a file input. */
export function formData(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----tripline${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The first bytes of real files of each receipt type. */
export const MAGIC = {
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
};
