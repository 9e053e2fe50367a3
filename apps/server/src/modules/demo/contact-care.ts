import type pg from 'pg';
import { defaultInfectiousEnd } from '@tripline/core';
import { addDays } from './calendar.ts';
import { LOGIN_PARTNER_KEYS, PARTNERS } from './fleet.ts';

const LOGIN_PARTNER_NAMES = [LOGIN_PARTNER_KEYS.partner, LOGIN_PARTNER_KEYS.partner2].map((k) => PARTNERS.find((p) => p.key === k)!.name);

/**
 * Infectious diseases, partner holds, blacklists and a duplicate on a few demo contacts, so the
 * contact inspect modal shows each: a passenger riding in the coming days has the flu (their legs
 * of those days flagged), a partner that is not a login's has a hold that has ended, a passenger
 * asked not to ride with another such partner, and one passenger was entered twice.
 */
export async function addDemoContactCare(client: pg.PoolClient, today: string): Promise<void> {
  const { rows: admins } = await client.query<{ id: string; name: string }>("select id, name from contacts where username = 'admin'");
  const admin = admins[0] ?? null;

  // the passenger (not a login) with the most legs in the next days
  const end = defaultInfectiousEnd(today);
  const { rows: riders } = await client.query<{ id: string }>(
    `select tl.passenger_id as id from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id join contacts c on c.id = tl.passenger_id
      where da.service_date between $1::date and $2::date and c.username is null and not da.canceled
      group by tl.passenger_id, c.contact_number order by count(*) desc, c.contact_number limit 2`,
    [today, end],
  );
  if (riders[0]) {
    await client.query(
      `insert into infectious_diseases (contact_id, disease, start_date, end_date, agent_id, agent_name) values ($1, 'Influenza', $2, $3, $4, $5)`,
      [riders[0].id, today, end, admin?.id ?? null, admin?.name ?? 'Tripline'],
    );
    await client.query(
      `update trip_legs tl set infectious_disease_flag = true from drive_assignments da
        where da.id = tl.drive_assignment_id and tl.passenger_id = $1 and da.service_date between $2::date and $3::date`,
      [riders[0].id, today, end],
    );
  }

  const { rows: partners } = await client.query<{ id: string }>(
    `select id from contacts where 'Affiliate' = any(types) and parent_id is null and not deleted and not (name = any($1::text[]))
      order by contact_number limit 2`,
    [LOGIN_PARTNER_NAMES],
  );
  if (partners[0]) {
    await client.query(
      `insert into provider_holds (provider_id, type, start_date, begin_date, end_date, reason, created_by) values ($1, 'NoNewTrips', $2, $2, $3, $4, $5)`,
      [partners[0].id, addDays(today, -30), addDays(today, -20), 'Insurance certificate expired; renewed', admin?.id ?? null],
    );
  }
  if (partners[1] && riders[1]) {
    await client.query(
      `insert into blacklists (partner_id, passenger_id, requested_by, notes, created_by) values ($1, $2, 'Passenger', $3, $4)`,
      [partners[1].id, riders[1].id, 'Asked not to ride with this company again after a missed pickup', admin?.id ?? null],
    );
  }
  await addDuplicatePassenger(client);
}

/** SQL for an id made from another (a valid version 4 UUID), the same in every load of the demo. */
const sameUuid = (of: string) => `overlay(overlay(md5('demo duplicate of ' || ${of}) placing '4' from 13) placing '8' from 17)::uuid`;

/** A passenger entered a second time with the same name, birth date and phone (the duplicates check finds it). */
async function addDuplicatePassenger(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `select c.id from contacts c
      where c.types && '{Passenger,S/N Passenger}' and c.username is null and not c.deleted and c.date_of_birth is not null
        and exists (select 1 from contact_phones p where p.contact_id = c.id)
      order by c.contact_number desc limit 1`,
  );
  const original = rows[0];
  if (!original) return;
  // numbers were given explicitly: the next free one, not the sequence's; its id made from the
  // original's, so every load of the demo gives the same data
  const { rows: copy } = await client.query<{ id: string }>(
    `insert into contacts (id, contact_number, name, first_name, last_name, type1, types, division_id, date_of_birth, member_id, plan_id, notes)
     select ${sameUuid('id')}, (select max(contact_number) + 1 from contacts), name, first_name, last_name, type1, types,
            division_id, date_of_birth, member_id, plan_id, 'Entered again by the call centre'
       from contacts where id = $1 returning id`,
    [original.id],
  );
  await client.query(
    `insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, main, type)
     select $2, phone_number_with_area_code, sms_enabled, main, type from contact_phones where contact_id = $1`,
    [original.id, copy[0].id],
  );
  // the same member, so the same coverages
  await client.query(
    `insert into coverages
     select (jsonb_populate_record(null::coverages, to_jsonb(c) || jsonb_build_object('id', ${sameUuid('c.id')}, 'contact_id', $2::uuid))).*
       from coverages c where c.contact_id = $1`,
    [original.id, copy[0].id],
  );
  // the same home: addresses are never edited, so two contacts may join the same one
  await client.query(
    `insert into join_contact_addresses (contact_id, address_id, label)
     select $2, address_id, label from join_contact_addresses where contact_id = $1 and label = 'Home' and not deleted`,
    [original.id, copy[0].id],
  );
}
