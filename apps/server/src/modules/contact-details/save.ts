/**
 * POST contacts (spec 2 §3, §5): creates a contact or changes one whole, in one transaction —
 * nothing is written when any check fails. Concurrent edits: a stale modCount answers 409 with the
 * server's copy. Deleting marks the contact deleted and ends its sessions. One audit row holds the
 * contact before and after (passwords are never part of either).
 */
import {
  CONTACT_MSG,
  contactDisplayName,
  contactProblems,
  fixErrorsMessage,
  preferredPartnerRefusal,
  type ContactRecord,
  type ParsedContactInput,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { saveContactAddresses } from './addresses.ts';
import { checkLinks, resolveDivision } from './links.ts';
import { saveBillTos, saveEmails, savePhones, saveSpecialRequests } from './parts.ts';
import { readContactRecord } from './record.ts';

/** Contact columns written from the body, in the order of the statements below. */
function columnValues(c: ParsedContactInput, divisionId: string | null): unknown[] {
  return [
    contactDisplayName(c),
    c.type1,
    c.types,
    c.firstName,
    c.middleName,
    c.lastName,
    c.companyName,
    c.salutation,
    c.title,
    c.nickname,
    c.poBox,
    c.dob ?? null,
    c.gender,
    c.memberId,
    c.memberPlanId ?? null,
    c.serviceType,
    c.prefVehicle,
    c.ambulatoryStatus,
    c.curbToCurb,
    c.doNotShareVehicle,
    c.doNotChangeVehicle,
    c.ppec,
    c.externalSource,
    c.externalId,
    divisionId,
    c.cnClass,
    c.locationType,
    c.billingNotes,
    c.billingContactId ?? null,
    c.schoolId,
    c.preferredPartnerId ?? null,
    c.prefLanguage,
    c.phonePreference ?? null,
    c.notes,
  ];
}

const COLUMNS = `name, type1, types, first_name, middle_name, last_name, company_name, salutation, title, nickname, po_box,
  date_of_birth, gender, member_id, plan_id, service_type, pref_vehicle, ambulatory_status, curb_to_curb,
  do_not_share_vehicle, do_not_change_vehicle, ppec, external_source, external_id, division_id, cn_class,
  location_type, billing_notes, billing_contact_id, school_id, preferred_partner_id, pref_language, phone_preference, notes`;
const COLUMN_COUNT = COLUMNS.split(',').length;
const placeholders = (from: number) => Array.from({ length: COLUMN_COUNT }, (_, i) => `$${i + from}`).join(', ');

async function insertContact(client: PoolClient, c: ParsedContactInput, divisionId: string | null): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into contacts (${COLUMNS}) values (${placeholders(1)}) returning id`,
    columnValues(c, divisionId),
  );
  return rows[0]!.id;
}

async function updateContact(client: PoolClient, id: string, c: ParsedContactInput, divisionId: string | null): Promise<void> {
  await client.query(
    `update contacts set (${COLUMNS}) = row(${placeholders(2)}), mod_count = mod_count + 1, updated_at = now() where id = $1`,
    [id, ...columnValues(c, divisionId)],
  );
}

/** The contact as it is before a change, locked; 404 when there is none, 409 when the modCount is stale. */
async function lockForChange(client: PoolClient, id: string, modCount: number | undefined): Promise<ContactRecord> {
  const { rows } = await client.query<{ mod_count: number }>('select mod_count from contacts where id = $1 for update', [id]);
  if (!rows[0]) throw notFound(CONTACT_MSG.NOT_FOUND);
  const before = (await readContactRecord(client, id))!;
  if (modCount === undefined) throw badRequest('modCount is required to change a contact', [{ path: 'modCount', message: 'modCount is required to change a contact' }]);
  if (modCount !== rows[0].mod_count) throw conflict(CONTACT_MSG.STALE, before);
  return before;
}

export async function saveContact(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: ParsedContactInput,
): Promise<{ contact: ContactRecord; warnings: string[] }> {
  const problems = contactProblems(body);
  if (problems[0]) throw badRequest(fixErrorsMessage(problems[0].message), problems);
  return inTransaction(deps.pool, async (client) => {
    const before = body.id ? await lockForChange(client, body.id, body.modCount) : null;
    const refusal = preferredPartnerRefusal(user, before?.preferredPartnerId ?? null, body.preferredPartnerId ?? null);
    if (refusal) throw badRequest(refusal, [{ path: 'preferredPartnerId', message: refusal }]);
    await checkLinks(client, body, body.id ?? null);
    const divisionId = await resolveDivision(client, body);
    let id = body.id;
    if (id) await updateContact(client, id, body, divisionId);
    else id = await insertContact(client, body, divisionId);
    await savePhones(client, id, body.phones);
    await saveEmails(client, id, body.emails);
    await saveBillTos(client, id, body.caseManagerBillTos);
    await saveSpecialRequests(client, id, body.specialRequests, user.name);
    const warnings = await saveContactAddresses(client, deps.geo, id, body.joinContactAddresses);
    const deleting = body.deleted && !before?.deleted;
    if (body.deleted !== (before?.deleted ?? false)) await client.query('update contacts set deleted = $2 where id = $1', [id, body.deleted]);
    // spec: "Delete" ends the contact's sessions, its own and those it started as someone else
    if (deleting) await client.query('delete from sessions where contact_id = $1 or impersonator_id = $1', [id]);
    const contact = (await readContactRecord(client, id))!;
    await writeAudit(client, {
      ...auditActor(req),
      activityType: deleting ? 'contact-delete' : before ? 'contact-update' : 'contact-create',
      table: 'contacts',
      recordId: id,
      before: before ?? undefined,
      after: contact,
    });
    return { contact, warnings };
  });
}
