import { phoneToStore, PORTAL_ACCOUNT_MSG, type PhonePreference } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { HttpError } from '../../platform/errors.ts';
import { auditContext } from '../auth/cookies.ts';
import { completeRequest, usernameTaken, type AccountRequest } from './repository.ts';
import { signInWithinTransaction } from './sign-in.ts';
import { phoneDigits } from './phone.ts';

/**
 * The wizard's last step (enterPhone → accountCreationComplete), in the caller's transaction: the
 * verified request becomes the contact's sign-in (user name = the email address, the password
 * chosen in contactInfo), the phone is kept with its preference, a passenger gets the portal's
 * S/N Passenger type, and the user is signed in as login does.
 */
export async function createAccount(
  deps: AppDeps,
  client: PoolClient,
  req: FastifyRequest,
  r: AccountRequest & { contactId: string; passwordHash: string },
  body: { phone: string; phonePreference: PhonePreference },
) {
  const now = deps.clock.now();
  const { rows } = await client.query<{ username: string | null; password_hash: string | null; types: string[] }>(
    'select username, password_hash, types from contacts where id = $1 and not deleted for update',
    [r.contactId],
  );
  const contact = rows[0];
  // removed, or given a sign-in by staff since the email was sent
  if (!contact || contact.username !== null || contact.password_hash !== null) throw new HttpError(400, 'request_expired', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);
  if (await usernameTaken(client, r.email, r.contactId)) throw new HttpError(400, 'username_taken', PORTAL_ACCOUNT_MSG.USERNAME_TAKEN);
  if (!(await completeRequest(client, r.id, now))) throw new HttpError(400, 'request_expired', PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);

  const types = r.caseManager || contact.types.includes('S/N Passenger') ? contact.types : [...contact.types, 'S/N Passenger'];
  await client.query(
    `update contacts set username = $2, password_hash = $3, password_changed_at = $4, password_change_required = false,
            phone_preference = $5, types = $6, mod_count = mod_count + 1, updated_at = $4
      where id = $1`,
    [r.contactId, r.email, r.passwordHash, now, body.phonePreference, types],
  );
  const digits = phoneDigits(body.phone);
  const sms = body.phonePreference === 'SMS';
  const { rows: phones } = await client.query<{ id: string; digits: string; main: boolean }>(
    `select id, main, right(regexp_replace(split_part(lower(phone_number_with_area_code), 'x', 1), '\\D', '', 'g'), 10) as digits
       from contact_phones where contact_id = $1`,
    [r.contactId],
  );
  const same = phones.find((p) => p.digits === digits);
  let phoneId: string;
  if (same) {
    phoneId = same.id;
    if (sms) await client.query('update contact_phones set sms_enabled = true where id = $1', [same.id]);
  } else {
    const { rows: added } = await client.query<{ id: string }>(
      `insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, main, type) values ($1, $2, $3, $4, 'Cell') returning id`,
      [r.contactId, phoneToStore(body.phone), sms, !phones.some((p) => p.main)],
    );
    phoneId = added[0]!.id;
  }
  await writeAudit(client, {
    actorId: r.contactId,
    activityType: 'account-create',
    table: 'contacts',
    recordId: r.contactId,
    after: { username: r.email, phonePreference: body.phonePreference, phoneId, phoneAdded: !same, types },
    ...auditContext(req),
  });
  return signInWithinTransaction(deps, client, req, r.contactId);
}
