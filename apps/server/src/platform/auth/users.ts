import { OPERATOR_TIME_ZONE, type CurrentUser } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { prepared } from '../db/prepared.ts';

/** The signed-in user as the server sees it: the public shape plus what row scope needs. */
export interface SessionUser extends CurrentUser {
  /** Bill-to accounts whose trips a case manager may see (spec 2 §6). */
  billToIds: string[];
  /** Set for calls made with an API token: the areas and methods it may use. */
  tokenEndpoints?: Record<string, string[]>;
}

const PARTNER_USER_TYPES = ['Affiliate', 'AffiliateAdmin', 'AffiliateEmployee'];

export async function loadSessionUser(
  db: Pool | PoolClient,
  contactId: string,
  impersonatorId: string | null,
): Promise<SessionUser | null> {
  const { rows } = await db.query(
    prepared(`select c.id, c.contact_number, c.name, c.types, c.ldap_groups, c.admin_access, c.auto_scheduler_post, c.password_change_required,
            d.code as division, coalesce(d.time_zone, pd.time_zone) as time_zone, p.id as parent_id, p.name as parent_name, p.types as parent_types,
            coalesce((select array_agg(b.bill_to_id::text) from case_manager_bill_tos b where b.case_manager_id = c.id), '{}') as bill_to_ids,
            (select json_build_object('id', i.id, 'name', i.name) from contacts i where i.id = $2) as su
       from contacts c
       left join divisions d on d.id = c.division_id
       left join contacts p on p.id = c.parent_id
       left join divisions pd on pd.id = p.division_id
      where c.id = $1 and not c.deleted`,
    [contactId, impersonatorId]),
  );
  const r = rows[0];
  if (!r) return null;
  const types: string[] = r.types;
  let partnerId: string | null = null;
  let partnerName: string | null = null;
  if (types.some((t) => PARTNER_USER_TYPES.includes(t))) {
    if (r.parent_id && (r.parent_types as string[]).includes('Affiliate')) {
      partnerId = r.parent_id;
      partnerName = r.parent_name;
    } else if (!r.parent_id) {
      partnerId = r.id;
      partnerName = r.name;
    }
  }
  return {
    id: r.id,
    contactNumber: r.contact_number,
    name: r.name,
    types,
    ldapGroups: r.ldap_groups,
    adminAccess: r.admin_access,
    autoSchedulerPost: r.auto_scheduler_post,
    partnerId,
    partnerName,
    division: r.division,
    timeZone: r.time_zone ?? OPERATOR_TIME_ZONE,
    su: impersonatorId ? r.su : null,
    // only the contact itself is sent to change it, not staff impersonating it
    passwordChangeRequired: !impersonatorId && r.password_change_required === true,
    billToIds: r.bill_to_ids,
  };
}

/** The public part of a user, as the API answers it. */
export function presentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    contactNumber: u.contactNumber,
    name: u.name,
    types: u.types,
    ldapGroups: u.ldapGroups,
    adminAccess: u.adminAccess,
    autoSchedulerPost: u.autoSchedulerPost,
    partnerId: u.partnerId,
    partnerName: u.partnerName,
    division: u.division,
    timeZone: u.timeZone,
    su: u.su,
    ...(u.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
  };
}
