import { duplicateReasons, type DuplicateFacts } from '@tripline/core';
import type { z } from 'zod';
import type { DuplicateCandidate } from '@tripline/core';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';
import { addressesOf } from './addresses.ts';

interface Row {
  id: string;
  contactNumber: number;
  name: string;
  types: string[];
  dateOfBirth: string | null;
  memberId: string | null;
  modCount: number;
}

const ROW = `c.id, c.contact_number::int as "contactNumber", c.name, c.types, to_char(c.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth",
  c.member_id as "memberId", c.mod_count as "modCount"`;

/** The most candidates read for one check: the likeliest by name, then those sharing a key. */
const CANDIDATES = 200;

/**
 * GET contact-dup-check: contacts (not deleted) whose name is like this one's and
 * that share its date of birth, member id, phone or address (core duplicateReasons), best first.
 * PostgreSQL narrows the field with the names' trigram index and the shared keys; core decides.
 */
export async function duplicatesOf(deps: AppDeps, contactId: string): Promise<z.input<typeof DuplicateCandidate>[]> {
  if (!isUuid(contactId)) throw notFound();
  const { rows: self } = await deps.pool.query<Row>(`select ${ROW} from contacts c where c.id = $1`, [contactId]);
  const me = self[0];
  if (!me) throw notFound();
  const { rows: candidates } = await deps.pool.query<Row>(
    `select ${ROW} from contacts c
      where c.id <> $1 and not c.deleted
        and (lower(c.name) % lower($2)
             or (c.date_of_birth is not null and c.date_of_birth = $3::date)
             or (c.member_id is not null and upper(trim(c.member_id)) = upper(trim($4))))
      order by similarity(lower(c.name), lower($2)) desc
      limit ${CANDIDATES}`,
    [contactId, me.name, me.dateOfBirth, me.memberId],
  );
  const ids = [me.id, ...candidates.map((c) => c.id)];
  const { rows: phones } = await deps.pool.query<{ contact_id: string; phone: string }>(
    'select contact_id, phone_number_with_area_code as phone from contact_phones where contact_id = any($1::uuid[])',
    [ids],
  );
  const addresses = await addressesOf(deps.pool, ids);
  const facts = (c: Row): DuplicateFacts => ({
    name: c.name,
    dateOfBirth: c.dateOfBirth,
    memberId: c.memberId,
    phones: phones.filter((p) => p.contact_id === c.id).map((p) => p.phone),
    addresses: addresses.filter((a) => a.contactId === c.id),
  });
  const mine = facts(me);
  return candidates
    .map((c) => ({ ...c, reasons: duplicateReasons(mine, facts(c)) }))
    .filter((c) => c.reasons.length > 0)
    .sort((a, b) => b.reasons.length - a.reasons.length);
}
