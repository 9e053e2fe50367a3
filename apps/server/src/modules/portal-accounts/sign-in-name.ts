import type { Pool } from 'pg';

/**
 * The user name a sign-in uses (the login pages take an email address or a user
 * name): the text typed, or, for an email address that is no one's user name, the user name of
 * the one account with a sign-in that has the address on file. Several such accounts: the text
 * typed, which then signs in nobody, as an unknown name.
 */
export async function signInName(db: Pool, typed: string): Promise<string> {
  if (!typed.includes('@')) return typed;
  const { rows } = await db.query<{ username: string }>(
    `select c.username from contacts c
      where not c.deleted and c.username is not null and c.password_hash is not null
        and (lower(c.username) = lower($1)
             or exists (select 1 from contact_emails e where e.contact_id = c.id and lower(trim(e.email)) = lower($1)))
      order by lower(c.username) = lower($1) desc
      limit 2`,
    [typed],
  );
  if (rows[0] && rows[0].username.toLowerCase() === typed.toLowerCase()) return rows[0].username;
  return rows.length === 1 ? rows[0]!.username : typed;
}
