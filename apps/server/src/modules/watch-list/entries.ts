import { dateInZone, WATCH_LIST_MSG, type ElevatedMember, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { entryOfPassenger, listEntries, loadEntry, lockPassenger } from './repository.ts';

type SaveBody = ParsedBodyOf<typeof contract.elevatedMemberSave>;

/** The day entries are judged active on: the signed-in user's division day. */
export const todayOf = (deps: AppDeps, user: SessionUser) => dateInZone(deps.clock.now(), user.timeZone);

export function listElevatedMembers(deps: AppDeps, user: SessionUser, passengerId?: string): Promise<ElevatedMember[]> {
  return listEntries(deps.pool, todayOf(deps, user), passengerId);
}

const passengerProblem = (message: string) => badRequest(message, [{ path: 'passengerId', message }]);

/**
 * POST elevated-members: puts a passenger on the watch list, or changes an entry (its passenger,
 * reason and dates). One entry per passenger: adding a listed passenger is refused, so the entry
 * is edited instead. Audited with before and after.
 */
export async function saveElevatedMember(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: SaveBody): Promise<ElevatedMember> {
  const today = todayOf(deps, user);
  return inTransaction(deps.pool, async (client) => {
    const kind = await lockPassenger(client, body.passengerId);
    if (kind === null) throw passengerProblem(WATCH_LIST_MSG.PASSENGER_REQUIRED);
    if (kind === 'other') throw passengerProblem(WATCH_LIST_MSG.NOT_A_PASSENGER);
    const before = body.id ? await loadEntry(client, today, body.id) : null;
    if (body.id && !before) throw notFound(WATCH_LIST_MSG.ENTRY_NOT_FOUND);
    const listed = await entryOfPassenger(client, body.passengerId);
    if (listed && listed.id !== body.id) throw passengerProblem(WATCH_LIST_MSG.ALREADY_LISTED);

    const values = [body.passengerId, body.reason, body.startDate, body.endDate ?? null];
    let id = body.id;
    if (id) {
      await client.query(
        'update elevated_members set passenger_id = $2, reason = $3, start_date = $4, end_date = $5, updated_at = now() where id = $1',
        [id, ...values],
      );
    } else {
      const { rows } = await client.query<{ id: string }>(
        'insert into elevated_members (passenger_id, reason, start_date, end_date, added_by) values ($1, $2, $3, $4, $5) returning id',
        [...values, user.id],
      );
      id = rows[0].id;
    }
    const after = (await loadEntry(client, today, id))!;
    await writeAudit(client, {
      ...auditActor(req),
      activityType: body.id ? 'watch-list-change' : 'watch-list-add',
      table: 'elevated_members',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}

/** DELETE elevated-members?id: takes the entry off the list; the audit row keeps it as it was. */
export async function removeElevatedMember(deps: AppDeps, req: FastifyRequest, user: SessionUser, id: string): Promise<{ id: string }> {
  return inTransaction(deps.pool, async (client) => {
    const before = await loadEntry(client, todayOf(deps, user), id);
    if (!before) throw notFound(WATCH_LIST_MSG.ENTRY_NOT_FOUND);
    const { rowCount } = await client.query('delete from elevated_members where id = $1', [id]);
    if (rowCount === 0) throw notFound(WATCH_LIST_MSG.ENTRY_NOT_FOUND);
    await writeAudit(client, { ...auditActor(req), activityType: 'watch-list-remove', table: 'elevated_members', recordId: id, before });
    return { id };
  });
}
