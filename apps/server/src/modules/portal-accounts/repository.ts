import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/** An account request of the wizard, as stored (hashes only). */
export interface AccountRequest {
  id: string;
  email: string;
  phoneDigits: string;
  caseManager: boolean;
  contactId: string | null;
  passwordHash: string | null;
  codeExpiresAt: Date | null;
  codeAttempts: number;
  verifiedAt: Date | null;
}

function toRequest(r: Record<string, unknown>): AccountRequest {
  return {
    id: r.id as string,
    email: r.email as string,
    phoneDigits: r.phone_digits as string,
    caseManager: r.case_manager as boolean,
    contactId: (r.contact_id as string) ?? null,
    passwordHash: (r.password_hash as string) ?? null,
    codeExpiresAt: (r.code_expires_at as Date) ?? null,
    codeAttempts: r.code_attempts as number,
    verifiedAt: (r.verified_at as Date) ?? null,
  };
}

/** The ten digits of a phone as typed or stored: the extension and a leading 1 dropped. */
const PHONE_DIGITS_SQL = `right(regexp_replace(split_part(lower(%s), 'x', 1), '\\D', '', 'g'), 10)`;
const phoneDigitsOf = (column: string) => PHONE_DIGITS_SQL.replace('%s', column);

export async function insertRequest(
  db: Db,
  r: { tokenHash: string; email: string; phoneDigits: string; caseManager: boolean; clientAddress: string; now: Date; expiresAt: Date },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into portal_account_requests (token_hash, email, phone_digits, case_manager, client_address, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [r.tokenHash, r.email, r.phoneDigits, r.caseManager, r.clientAddress, r.now, r.expiresAt],
  );
  return rows[0]!.id;
}

/** A request still open (not turned into an account, not expired) by its token's hash; locked with forUpdate. */
export async function openRequest(db: Db, tokenHash: string, now: Date, forUpdate = false): Promise<AccountRequest | null> {
  const { rows } = await db.query(
    `select * from portal_account_requests where token_hash = $1 and completed_at is null and expires_at > $2${forUpdate ? ' for update' : ''}`,
    [tokenHash, now],
  );
  return rows[0] ? toRequest(rows[0]) : null;
}

/** An open request whose email link (with its address) is this one, within the code's 10 minutes. */
export async function requestByLink(db: Db, linkHash: string, email: string, now: Date): Promise<AccountRequest | null> {
  const { rows } = await db.query(
    `select * from portal_account_requests
      where link_hash = $1 and lower(email) = lower($2) and completed_at is null and verified_at is null
        and expires_at > $3 and code_expires_at > $3
      for update`,
    [linkHash, email, now],
  );
  return rows[0] ? toRequest(rows[0]) : null;
}

/**
 * Active contacts of the role without a sign-in that have both the email and the phone on file
 * (case managers: Case Manager; passengers: Passenger or S/N Passenger). At most two: more than
 * one is as good as none.
 */
export async function requestCandidates(db: Db, email: string, phoneDigits: string, caseManager: boolean): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select c.id from contacts c
      where not c.deleted and c.username is null and c.password_hash is null
        and c.types && $3::text[]
        and exists (select 1 from contact_emails e where e.contact_id = c.id and lower(trim(e.email)) = lower($1))
        and exists (select 1 from contact_phones p where p.contact_id = c.id and ${phoneDigitsOf('p.phone_number_with_area_code')} = $2)
      limit 2`,
    [email, phoneDigits, caseManager ? ['Case Manager'] : ['Passenger', 'S/N Passenger']],
  );
  return rows.map((r) => r.id);
}

/** Keeps the chosen password and the code sent (or, with no match, only an expiry so tries count alike). */
export async function storeRequestEmail(
  db: Db,
  id: string,
  s: { passwordHash: string; contactId: string | null; codeHash: string | null; linkHash: string | null; codeExpiresAt: Date },
): Promise<void> {
  await db.query(
    `update portal_account_requests
        set password_hash = $2, contact_id = $3, code_hash = $4, link_hash = $5, code_expires_at = $6, code_attempts = 0, verified_at = null
      where id = $1`,
    [id, s.passwordHash, s.contactId, s.codeHash, s.linkHash, s.codeExpiresAt],
  );
}

/**
 * Counts a try of the code and answers the stored code hash, in one statement, only while the code
 * is unexpired with tries left (so concurrent guesses never compare more than the limit); null
 * when it cannot be tried. The hash itself may be null: the request matched nobody.
 */
export async function tryCode(db: Db, id: string, now: Date, maxTries: number): Promise<{ codeHash: string | null } | null> {
  const { rows } = await db.query<{ code_hash: string | null }>(
    `update portal_account_requests set code_attempts = code_attempts + 1
      where id = $1 and verified_at is null and code_expires_at > $2 and code_attempts < $3
      returning code_hash`,
    [id, now, maxTries],
  );
  return rows[0] ? { codeHash: rows[0].code_hash } : null;
}

/** The request's email is confirmed: the code and link stop working and a new token carries it on. */
export async function markVerified(db: Db, id: string, newTokenHash: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `update portal_account_requests set verified_at = $3, token_hash = $2, code_hash = null, link_hash = null
      where id = $1 and verified_at is null`,
    [id, newTokenHash, now],
  );
  return rowCount === 1;
}

/** Ends the request; false when another call ended it first. */
export async function completeRequest(db: Db, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('update portal_account_requests set completed_at = $2 where id = $1 and completed_at is null', [id, now]);
  return rowCount === 1;
}

export type LinkKind = 'reset' | 'email-change';

/** Stores a new link; earlier unused links of that kind for the contact stop working. */
export async function insertLink(db: Db, l: { tokenHash: string; kind: LinkKind; contactId: string; email: string | null; now: Date; expiresAt: Date }): Promise<void> {
  await db.query('delete from portal_account_links where contact_id = $1 and kind = $2 and used_at is null', [l.contactId, l.kind]);
  await db.query(
    `insert into portal_account_links (token_hash, kind, contact_id, email, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
    [l.tokenHash, l.kind, l.contactId, l.email, l.now, l.expiresAt],
  );
}

export async function findLink(db: Db, tokenHash: string, kind: LinkKind): Promise<{ contactId: string; expiresAt: Date; usedAt: Date | null; email: string | null } | null> {
  const { rows } = await db.query('select contact_id, expires_at, used_at, email from portal_account_links where token_hash = $1 and kind = $2', [tokenHash, kind]);
  const r = rows[0];
  return r ? { contactId: r.contact_id, expiresAt: r.expires_at, usedAt: r.used_at, email: r.email } : null;
}

/** Uses a link up, in one statement, only while it works; answers its contact (and address), or null. */
export async function useLink(db: Db, tokenHash: string, kind: LinkKind, now: Date, email?: string): Promise<{ contactId: string; email: string | null } | null> {
  const { rows } = await db.query(
    `update portal_account_links set used_at = $3
      where token_hash = $1 and kind = $2 and used_at is null and expires_at > $3 and ($4::text is null or lower(email) = lower($4))
      returning contact_id, email`,
    [tokenHash, kind, now, email ?? null],
  );
  return rows[0] ? { contactId: rows[0].contact_id, email: rows[0].email } : null;
}

/** A contact's main email address (the first, when none is main). */
export async function mainEmail(db: Db, contactId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('select email from contact_emails where contact_id = $1 order by main desc, email limit 1', [contactId]);
  return rows[0]?.email ?? null;
}

/** Whether a sign-in other than this contact's uses the name. */
export async function usernameTaken(db: Db, username: string, exceptContactId: string | null): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from contacts where lower(username) = lower($1) and id is distinct from $2', [username, exceptContactId]);
  return (rowCount ?? 0) > 0;
}
