import { formatPhone } from '@tripline/core';
import type pg from 'pg';
import { DEMO_USER_IDS } from './people.ts';

/** The case manager's mobile, on file so a text-message notice can go to it (555-01xx numbers are fictional). */
const CASE_MANAGER_MOBILE = '5055550188';

/**
 * Event subscriptions of the portal logins: the case manager hears by e-mail when a driver is
 * assigned to one of its trips, the passenger by text message when the driver arrives. Both go to
 * the outbox, as every message does without a provider. Fixed ids and tokens: the same data on
 * every load.
 */
export async function addDemoEventSubscriptions(client: pg.PoolClient, _today: string): Promise<void> {
  await client.query(
    `insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, type, main)
     select $1, $2, true, 'Cell', false
      where not exists (select 1 from contact_phones where contact_id = $1 and phone_number_with_area_code = $2)`,
    [DEMO_USER_IDS.casemanager, CASE_MANAGER_MOBILE],
  );
  const { rows } = await client.query<{ phone: string }>(
    `select phone_number_with_area_code as phone from contact_phones where contact_id = $1 and (sms_enabled or type in ('Cell', 'Mobile'))
      order by main desc, id limit 1`,
    [DEMO_USER_IDS.passenger],
  );
  const passengerPhone = rows[0]?.phone;
  const add = (id: string, recipient: string, type: string, channel: { emails?: string[]; sms?: string }) =>
    client.query(
      `insert into event_subscriptions (id, recipient_id, match_event_type, notify_emails, notify_sms_phone, unsubscribe_token, created_by)
       values ($1::uuid, $2, $3, $4, $5, md5($1::text || ':unsubscribe') || md5($1::text || ':link'), $2) on conflict (id) do nothing`,
      [id, recipient, type, channel.emails ?? [], channel.sms ?? null],
    );
  await add('e0000000-0000-4000-8000-000000000001', DEMO_USER_IDS.casemanager, 'TripAssigned', { emails: ['casemanager@tripline.example'] });
  if (passengerPhone) {
    await add('e0000000-0000-4000-8000-000000000002', DEMO_USER_IDS.passenger, 'DriverArrived', { sms: formatPhone(passengerPhone) });
  }
}
