import type { CareSummary, ContactTrip } from '@tripline/core';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';

/** GET contact-care-summary: the head of the contact inspect modal (a deleted or merged contact too). */
export async function careSummary(deps: AppDeps, contactId: string): Promise<CareSummary> {
  if (!isUuid(contactId)) throw notFound();
  const { rows } = await deps.pool.query<CareSummary>(
    `select c.id, c.contact_number::int as "contactNumber", c.name, c.types, c.ldap_groups as "ldapGroups", c.admin_access as "adminAccess",
            c.mfa_required as "mfaRequired", (c.username is not null and c.password_hash is not null) as "canSignIn", c.deleted,
            (select json_build_object('id', m.id, 'contactNumber', m.contact_number, 'name', m.name) from contacts m where m.id = c.merged_into_id) as "mergedInto",
            ('Affiliate' = any(c.types) and c.parent_id is null) as "isPartner",
            (c.types && array['Passenger', 'S/N Passenger', 'Corp Passenger']) as "isPassenger",
            c.mod_count as "modCount",
            (select json_build_object('id', p.id, 'name', p.name) from contacts p where p.id = c.preferred_partner_id) as "prefProvider"
       from contacts c where c.id = $1`,
    [contactId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * GET contact-trips: the trips the contact takes part in between two days: as a passenger of a leg,
 * as the partner or the driver, or as the bill-to; cancelled ones too (the calendar greys them).
 */
export async function contactTrips(deps: AppDeps, q: { contactId: string; from: string; to: string }): Promise<z.input<typeof ContactTrip>[]> {
  if (!isUuid(q.contactId)) throw notFound();
  const found = await deps.pool.query('select 1 from contacts where id = $1', [q.contactId]);
  if (!found.rowCount) throw notFound();
  const { rows } = await deps.pool.query<z.input<typeof ContactTrip>>(
    `select da.id, da.reference_number as "referenceNumber", to_char(da.service_date, 'YYYY-MM-DD') as "serviceDate",
            (select to_char(min(tl.loc_first_time_ord), 'HH24:MI') from trip_legs tl where tl.drive_assignment_id = da.id and tl.loc_first_time_ord <> '23:59:00') as "pickupTime",
            da.canceled, p.name as "partnerName",
            case when da.farmout_contact_id = $1 then 'Partner' when da.driver_id = $1 then 'Driver'
                 when da.bill_to_contact_id = $1 then 'Bill To' else 'Passenger' end as role
       from drive_assignments da
       left join contacts p on p.id = da.farmout_contact_id
      where da.service_date between $2::date and $3::date
        and (da.farmout_contact_id = $1 or da.driver_id = $1 or da.bill_to_contact_id = $1
             or exists (select 1 from trip_legs tl where tl.drive_assignment_id = da.id and tl.passenger_id = $1))
      order by da.service_date, "pickupTime" nulls last, da.reference_number
      limit 2000`,
    [q.contactId, q.from, q.to],
  );
  return rows;
}
