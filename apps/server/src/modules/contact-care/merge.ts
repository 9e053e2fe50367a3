import { CARE_MSG, mergeRefusal, unitedTypes, type MergeResult, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { auditOf, writeAudit, writeAudits } from '../trips/write.ts';
import { contactReferences, fillableContactColumns } from './catalogue.ts';
import { dedupeContactRows, repointNumbers, type Count, type MergePair } from './merge-rows.ts';

/**
 * Tables whose rows stay with the merged contact: sessions and the sign-in history.
 * A merged contact is deleted, so its sessions no longer sign anyone in. audit_log names contacts
 * without a foreign key and is append-only.
 */
const STAYS: ReadonlySet<string> = new Set(['sessions', 'mfa_remembered_devices', 'mfa_code_sends', 'csv_export_tokens']);

/** Contacts columns the merge sets itself rather than filling from the merged contact. */
const HANDLED = ['merged_into_id', 'username', 'password_hash', 'employee_number', 'parent_id'];
/** The sign-in of a contact: moves as a whole from the merged contact when only it can sign in. */
const SIGN_IN = ['username', 'password_hash', 'mfa_required', 'ldap_groups', 'admin_access'];

interface ContactRow {
  id: string;
  name: string;
  type1: string;
  types: string[];
  parent_id: string | null;
  deleted: boolean;
  mod_count: number;
  contact_number: string;
  employee_number: string | null;
  can_sign_in: boolean;
}

class DryRun extends Error {
  constructor(readonly result: MergeResult) {
    super('dry run');
  }
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Re-points every foreign key to the merged contact, dropping rows that would repeat one of the kept contact's. */
async function repointReferences(client: PoolClient, pair: MergePair): Promise<Count[]> {
  const counts: Count[] = [];
  for (const ref of await contactReferences(client)) {
    if (STAYS.has(ref.table)) continue;
    const t = ident(ref.table);
    const c = ident(ref.column);
    let dropped = 0;
    // a contact row is never dropped: the kept one may point at itself for a moment (cleared in uniteContacts)
    for (const u of ref.table === 'contacts' ? [] : ref.uniques) {
      const same = u.others.map((o) => `k.${ident(o)} is not distinct from m.${ident(o)}`).join(' and ');
      const where = u.predicate ? ` and (${u.predicate})` : '';
      const r = await client.query(
        `delete from ${t} m where m.${c} = $1${where}
            and exists (select 1 from ${t} k where k.${c} = $2${same ? ` and ${same}` : ''}${where})`,
        [pair.merge.id, pair.keep.id],
      );
      dropped += r.rowCount ?? 0;
    }
    const moved = await client.query(`update ${t} m set ${c} = $2 where m.${c} = $1`, [pair.merge.id, pair.keep.id]);
    if ((moved.rowCount ?? 0) + dropped > 0) counts.push({ table: ref.table, column: ref.column, moved: moved.rowCount ?? 0, dropped });
  }
  return counts;
}

/** The kept contact takes the merged one's types, sign-in (when only it has one) and the fields it lacks. */
async function uniteContacts(client: PoolClient, keep: ContactRow, merge: ContactRow, types: string[]): Promise<void> {
  const fill = (await fillableContactColumns(client, [...HANDLED, ...SIGN_IN])).map((col) => `${ident(col)} = coalesce(k.${ident(col)}, m.${ident(col)})`);
  const moveSignIn = merge.can_sign_in && !keep.can_sign_in;
  // the username is unique: the merged contact lets go of it before the kept one takes it
  const username = moveSignIn
    ? (await client.query<{ username: string }>('update contacts m set username = null from contacts o where m.id = $1 and o.id = m.id returning o.username', [merge.id]))
        .rows[0].username
    : null;
  const signIn = moveSignIn ? SIGN_IN.map((col) => (col === 'username' ? 'username = $4' : `${col} = m.${col}`)) : [];
  await client.query(
    `update contacts k set types = $3, employee_number = coalesce(k.employee_number, m.employee_number),
            ${[...fill, ...signIn].map((s) => `${s}, `).join('')}mod_count = k.mod_count + 1, updated_at = now()
       from contacts m where k.id = $1 and m.id = $2`,
    moveSignIn ? [keep.id, merge.id, types, username] : [keep.id, merge.id, types],
  );
  // a contact is not its own billing contact or preferred partner
  for (const ref of await contactReferences(client)) {
    if (ref.table !== 'contacts' || ref.column === 'merged_into_id') continue;
    await client.query(`update contacts set ${ident(ref.column)} = null where id = $1 and ${ident(ref.column)} = $1`, [keep.id]);
  }
  await client.query(
    `update contacts set deleted = true, merged_into_id = $2, employee_number = null, mod_count = mod_count + 1, updated_at = now() where id = $1`,
    [merge.id, keep.id],
  );
}

type MergeInput = ParsedBodyOf<typeof contract.contactMerge>;

/**
 * POST contact-merge. In one transaction: both contacts locked in id order, both
 * modCounts checked (409 with the server's copies), core mergeRefusal; the merged contact's phones,
 * emails and addresses joined without repeats (one main phone); every foreign key to it found in
 * the catalogue and re-pointed; the columns that name contacts by number rewritten; types united;
 * the merged contact deleted with merged_into_id. An audit row per table changed plus the merged
 * contact's before image. dryRun does all of it and rolls back, so its counts are the real ones.
 * A database refusal on the way (a rule of another table) is a 400 and changes nothing.
 */
export async function mergeContacts(deps: AppDeps, req: FastifyRequest, body: MergeInput): Promise<MergeResult> {
  const keepId = body.keepId.toLowerCase();
  const mergeId = body.mergeId.toLowerCase();
  if (keepId === mergeId) throw badRequest(CARE_MSG.MERGE_SAME);
  try {
    return await inTransaction(deps.pool, async (client) => {
      const { rows } = await client.query<ContactRow>(
        `select id, name, type1, types, parent_id, deleted, mod_count, contact_number::text, employee_number,
                (username is not null and password_hash is not null) as can_sign_in
           from contacts where id = any($1::uuid[]) order by id for update`,
        [[keepId, mergeId]],
      );
      const keep = rows.find((r) => r.id === keepId);
      const merge = rows.find((r) => r.id === mergeId);
      if (!keep || !merge) throw notFound();
      if (keep.mod_count !== body.keepModCount || merge.mod_count !== body.mergeModCount) {
        throw conflict('One of these contacts was changed by someone else; reload them before merging.', {
          keep: { id: keep.id, name: keep.name, modCount: keep.mod_count, deleted: keep.deleted },
          merge: { id: merge.id, name: merge.name, modCount: merge.mod_count, deleted: merge.deleted },
        });
      }
      const asRule = (c: ContactRow) => ({ id: c.id, name: c.name, kind: c.type1, types: c.types, parentId: c.parent_id, deleted: c.deleted, canSignIn: c.can_sign_in });
      const refused = mergeRefusal(asRule(keep), asRule(merge));
      if (refused) throw badRequest(refused);

      const pair: MergePair = { keep, merge };
      const image = await client.query<{ image: Record<string, unknown> }>(`select to_jsonb(c) - 'password_hash' as image from contacts c where id = $1`, [mergeId]);
      const types = unitedTypes(keep.types, merge.types);
      const { counts: deduped, conflicts } = await dedupeContactRows(client, pair);
      const counts = [...deduped, ...(await repointNumbers(client, pair)), ...(await repointReferences(client, pair))];
      await uniteContacts(client, keep, merge, types);

      await writeAudits(
        client,
        counts.map((c) =>
          auditOf(req, 'contact-merge', c.table, keepId, { contactId: mergeId, column: c.column }, { contactId: keepId, moved: c.moved, dropped: c.dropped }),
        ),
      );
      await writeAudit(client, auditOf(req, 'contact-merge', 'contacts', mergeId, image.rows[0].image, { deleted: true, mergedIntoId: keepId }));
      await writeAudit(client, auditOf(req, 'contact-merge', 'contacts', keepId, { types: keep.types }, { types, mergedFrom: mergeId }));

      const result: MergeResult = { dryRun: body.dryRun, keepId, mergeId, types, counts: merged(counts), conflicts };
      if (body.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (e) {
    if (e instanceof DryRun) return e.result;
    if (e instanceof HttpError) throw e;
    const pgError = e as { code?: string; table?: string; message?: string };
    // integrity refusals (class 23) and a raised exception (P0001) of another area's table
    if (pgError.code && (pgError.code.startsWith('23') || pgError.code === 'P0001')) {
      throw badRequest(CARE_MSG.MERGE_FAILED(pgError.table ? `${pgError.table}: ${pgError.message}` : String(pgError.message)));
    }
    throw e;
  }
}

/** One count per table and column, in a stable order. */
function merged(counts: readonly Count[]): Count[] {
  const byKey = new Map<string, Count>();
  for (const c of counts) {
    const key = `${c.table}.${c.column}`;
    const prev = byKey.get(key);
    byKey.set(key, prev ? { ...prev, moved: prev.moved + c.moved, dropped: prev.dropped + c.dropped } : { ...c });
  }
  return [...byKey.values()].sort((a, b) => (a.table === b.table ? a.column.localeCompare(b.column) : a.table.localeCompare(b.table)));
}
