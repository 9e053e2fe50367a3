import type pg from 'pg';

/**
 * Who can try the account wizard (/case-manager/login → "Create an account"): people on file with
 * an email address and a phone but no sign-in. The passengers are members of the demo case
 * manager's bill-tos, with trips, so the new passenger portal shows them; the case manager serves
 * the same bill-tos. Each can create an account once per demo load.
 */
export const DEMO_ACCOUNT_REQUESTS = {
  passengers: [
    { email: 'new.passenger1@example.org', phone: '5055550161' },
    { email: 'new.passenger2@example.org', phone: '5055550162' },
    { email: 'new.passenger3@example.org', phone: '5055550163' },
  ],
  caseManager: { email: 'new.casemanager@example.org', phone: '5055550171', first: 'Rosa', last: 'Montoya' },
} as const;

async function putOnFile(client: pg.PoolClient, contactId: string, email: string, phone: string): Promise<void> {
  await client.query(
    `insert into contact_emails (contact_id, email, main)
     values ($1, $2, not exists (select 1 from contact_emails where contact_id = $1 and main))`,
    [contactId, email],
  );
  await client.query(
    `insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, type, main)
     values ($1, $2, true, 'Cell', not exists (select 1 from contact_phones where contact_id = $1 and main))`,
    [contactId, phone],
  );
}

/** Portal accounts: members on file who can create their own sign-in. */
export async function addDemoPortalAccounts(client: pg.PoolClient, _today: string): Promise<void> {
  const { rows: managers } = await client.query<{ id: string; division_id: string | null }>(
    "select id, division_id from contacts where username = 'casemanager'",
  );
  const manager = managers[0];
  if (!manager) return;
  const { rows: members } = await client.query<{ id: string }>(
    `select c.id from contacts c
      where c.types && '{Passenger}' and c.username is null and c.password_hash is null and not c.deleted
        and exists (select 1 from coverages v join case_manager_bill_tos b on b.bill_to_id = v.bill_to_id
                     where v.contact_id = c.id and not v.deleted and b.case_manager_id = $1)
        and exists (select 1 from trip_legs l where l.passenger_id = c.id)
      order by c.contact_number limit $2`,
    [manager.id, DEMO_ACCOUNT_REQUESTS.passengers.length],
  );
  for (const [i, m] of members.entries()) {
    const p = DEMO_ACCOUNT_REQUESTS.passengers[i]!;
    await putOnFile(client, m.id, p.email, p.phone);
  }

  const cm = DEMO_ACCOUNT_REQUESTS.caseManager;
  const { rows: created } = await client.query<{ id: string }>(
    // the demo numbers its contacts itself and moves the sequence past them at the end
    `insert into contacts (contact_number, name, first_name, last_name, types, division_id)
     values ((select max(contact_number) + 1 from contacts), $1, $2, $3, '{Case Manager}', $4) returning id`,
    [`${cm.first} ${cm.last}`, cm.first, cm.last, manager.division_id],
  );
  const id = created[0]!.id;
  await putOnFile(client, id, cm.email, cm.phone);
  await client.query(
    'insert into case_manager_bill_tos (case_manager_id, bill_to_id) select $1, bill_to_id from case_manager_bill_tos where case_manager_id = $2',
    [id, manager.id],
  );
}
