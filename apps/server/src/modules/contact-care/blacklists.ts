import { CARE_MSG, PASSENGER_TYPES, type BlacklistEntry, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import { inTransaction } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { findPartner } from '../assignment/partners.ts';
import { auditOf, writeAudit } from '../trips/write.ts';
import { liveContact } from './contacts.ts';

const SELECT = `select b.id, b.partner_id as "partnerId", pa.name as "partnerName", b.passenger_id as "passengerId", ps.name as "passengerName",
    b.requested_by as "requestedBy", to_char(b.end_date, 'YYYY-MM-DD') as "endDate", b.notes, b.deleted, b.mod_count as "modCount",
    to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created
  from blacklists b join contacts pa on pa.id = b.partner_id join contacts ps on ps.id = b.passenger_id`;

/** GET blacklists (spec 3 §7): by passenger or by partner, current entries first. */
export async function listBlacklist(deps: AppDeps, by: { passengerId?: string; providerId?: string }): Promise<BlacklistEntry[]> {
  const [column, id] = by.passengerId ? ['b.passenger_id', by.passengerId] : ['b.partner_id', by.providerId!];
  const { rows } = await deps.pool.query<BlacklistEntry>(`${SELECT} where ${column} = $1 order by b.deleted, b.created_at desc`, [id.toLowerCase()]);
  return rows;
}

type Input = ParsedBodyOf<typeof contract.saveBlacklist>;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/**
 * POST blacklists (spec 3 §5, §7): a saved passenger and a saved partner company; one current entry
 * per pair; a change (id) needs its modCount (stale: 409 with the server's copy); deleted removes
 * the entry but keeps it. Audited.
 */
export async function saveBlacklist(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: Input): Promise<BlacklistEntry> {
  const passenger = await liveContact(deps.pool, body.passengerId.toLowerCase());
  if (!passenger || !passenger.types.some((t) => PASSENGER_TYPES.includes(t))) throw field('passengerId', CARE_MSG.NOT_A_PASSENGER);
  const partner = await findPartner(deps.pool, { id: body.partnerId });
  if (!partner) throw field('partnerId', CARE_MSG.NOT_A_PARTNER);
  return inTransaction(deps.pool, async (client) => {
    // one writer per pair at a time, so two clicks cannot add the entry twice
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`blacklist:${partner.id}:${passenger.id}`]);
    const values = [partner.id, passenger.id, body.requestedBy, body.endDate ?? null, body.notes ?? null, body.deleted];
    let id: string;
    let before: BlacklistEntry | null = null;
    if (body.id) {
      before = (await client.query<BlacklistEntry>(`${SELECT} where b.id = $1 for update of b`, [body.id])).rows[0] ?? null;
      if (!before) throw notFound();
      if (before.modCount !== body.modCount) throw conflict('This blacklist entry was changed by someone else; reopen it to see the current values.', before);
      await client.query(
        `update blacklists set partner_id = $2, passenger_id = $3, requested_by = $4, end_date = $5, notes = $6, deleted = $7,
                mod_count = mod_count + 1, updated_at = now() where id = $1`,
        [body.id, ...values],
      );
      id = body.id;
    } else {
      const { rows } = await client.query<{ id: string }>(
        `insert into blacklists (partner_id, passenger_id, requested_by, end_date, notes, deleted, created_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [...values, user.id],
      );
      id = rows[0].id;
    }
    if (!body.deleted) {
      const dup = await client.query('select 1 from blacklists where partner_id = $1 and passenger_id = $2 and not deleted and id <> $3', [partner.id, passenger.id, id]);
      if (dup.rowCount) throw field('partnerId', CARE_MSG.BLACKLIST_EXISTS);
    }
    const after = (await client.query<BlacklistEntry>(`${SELECT} where b.id = $1`, [id])).rows[0];
    const shape = (e: BlacklistEntry | null) =>
      e && { partnerId: e.partnerId, passengerId: e.passengerId, requestedBy: e.requestedBy, endDate: e.endDate, notes: e.notes, deleted: e.deleted };
    await writeAudit(client, auditOf(req, 'blacklist', 'blacklists', id, shape(before), shape(after)));
    return after;
  });
}
