import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { createContact, type Created } from './factories.ts';

/** A person on file without a sign-in, with an email address and a phone: who the account wizard is for. */
export async function memberOnFile(pool: Pool, caseManager = false, spec: { email?: string; phone?: string } = {}): Promise<Created & { email: string; phone: string }> {
  const email = spec.email ?? `member.${randomBytes(4).toString('hex')}@example.org`;
  const phone = spec.phone ?? `505${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).slice(0, 7)}`;
  const c = await createContact(pool, {
    types: caseManager ? ['Case Manager'] : ['Passenger'],
    username: null,
    email,
    phone: { number: phone, type: 'Home' },
  });
  return { ...c, email, phone };
}

/** The emails the outbox holds for an address, oldest first. */
export async function emailsTo(pool: Pool, to: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await pool.query(
    `select subject, body from outbox_messages where channel = 'email' and lower(recipient) = lower($1) order by created_at, sent_at nulls last`,
    [to],
  );
  return rows;
}

/** The newest email to an address, with the code and the link it carries. */
export async function lastEmailTo(pool: Pool, to: string): Promise<{ subject: string; body: string; code: string | null; link: URL | null }> {
  const all = await emailsTo(pool, to);
  const last = all[all.length - 1];
  if (!last) throw new Error(`no email to ${to}`);
  const code = /\b(\d{6})\b/.exec(last.body)?.[1] ?? null;
  const link = /(https?:\/\/\S+)/.exec(last.body)?.[1];
  return { ...last, code, link: link ? new URL(link) : null };
}

/** Every audit row's before and after as one text, to look for secrets in. */
export async function auditText(pool: Pool): Promise<string> {
  const { rows } = await pool.query(`select coalesce(string_agg(coalesce(before::text, '') || coalesce(after::text, ''), ' '), '') as t from audit_log`);
  return rows[0].t;
}
