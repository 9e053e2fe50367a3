/**
 * What a saved contact points at must exist (spec 2 §3): its division (given, else its first
 * address's ZIP: 'Unable to determine division for ZIP'), plan, billing contact, preferred partner
 * (a partner company) and, for a case manager, bill-to accounts. A missing one is a 400 naming the
 * field, in the form's words.
 */
import { CARE_MSG, CONTACT_MSG, fixErrorsMessage, type ParsedContactInput } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { badRequest } from '../../platform/errors.ts';
import { divisionForZip } from '../geo/addresses.ts';

const refuse = (path: string, message: string) => badRequest(fixErrorsMessage(message), [{ path, message }]);

/** The division id to store, or null when the contact has neither a division nor a ZIP. */
export async function resolveDivision(client: PoolClient, c: ParsedContactInput): Promise<string | null> {
  if (c.division) {
    const { rows } = await client.query<{ id: string }>('select id from divisions where code = $1', [c.division]);
    if (!rows[0]) throw refuse('division', CONTACT_MSG.UNKNOWN_DIVISION);
    return rows[0].id;
  }
  const zip = c.joinContactAddresses.map((j) => j.immutableAddress.zip).find((z) => !!z);
  if (!zip) return null;
  const division = await divisionForZip(client, zip);
  if (!division) throw refuse('division', CONTACT_MSG.NO_DIVISION_FOR_ZIP);
  return division.id;
}

/** Whether the id names a partner company (an Affiliate without a parent), not deleted. */
export async function isPartnerCompany(db: Pool | PoolClient, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from contacts where id = $1 and not deleted and 'Affiliate' = any(types) and parent_id is null`, [id]);
  return !!rowCount;
}

/** Refuses links to records that do not exist or are of the wrong kind. */
export async function checkLinks(client: PoolClient, c: ParsedContactInput, selfId: string | null): Promise<void> {
  if (c.memberPlanId) {
    const { rowCount } = await client.query('select 1 from plans where id = $1', [c.memberPlanId]);
    if (!rowCount) throw refuse('memberPlanId', CONTACT_MSG.UNKNOWN_PLAN);
  }
  if (c.billingContactId) {
    const { rowCount } = await client.query('select 1 from contacts where id = $1 and not deleted and id is distinct from $2', [c.billingContactId, selfId]);
    if (!rowCount) throw refuse('billingContactId', CONTACT_MSG.UNKNOWN_CONTACT_LINK);
  }
  if (c.preferredPartnerId && !(await isPartnerCompany(client, c.preferredPartnerId))) {
    throw refuse('preferredPartnerId', CARE_MSG.PREFERRED_NOT_PARTNER);
  }
  if (c.caseManagerBillTos.length) {
    const { rows } = await client.query<{ id: string }>(
      `select id from contacts where id = any($1::uuid[]) and not deleted and 'Bill To' = any(types)`,
      [c.caseManagerBillTos],
    );
    const found = new Set(rows.map((r) => r.id));
    const missing = c.caseManagerBillTos.findIndex((id) => !found.has(id));
    if (missing >= 0) throw badRequest(fixErrorsMessage(CONTACT_MSG.UNKNOWN_BILL_TO), [{ path: `caseManagerBillTos.${missing}`, message: CONTACT_MSG.UNKNOWN_BILL_TO }]);
  }
}
