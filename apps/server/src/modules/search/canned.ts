import {
  URGENT_UNACCEPTED_ID,
  urgentUnacceptedFilter,
  validateFilter,
  type CannedQuery,
  type CannedQueryBody,
  type FilterNode,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../trips/repository.ts';

/**
 * Canned (saved) custom queries (spec 2 §7, §9). Every staff member sees and runs all of them; only
 * the one who saved a query, or an administrator (adminAccess), may replace or delete it
 * (docs/decisions.md "Trip search"). The built-in UrgentUnaccepted is built from core and is
 * neither stored nor changeable.
 */
export const CANNED_MSG = {
  BUILT_IN_CHANGE: 'UrgentUnaccepted is built in and cannot be changed. Save your version under a new name.',
  BUILT_IN_DELETE: 'UrgentUnaccepted is built in and cannot be deleted.',
  NOT_YOURS: 'Only the person who saved this query or an administrator can change or delete it.',
  STALE: 'Another person has changed this query. It has been refreshed from the server.',
  MOD_COUNT_REQUIRED: 'modCount is required to replace a saved query',
} as const;

interface Row {
  id: string;
  name: string;
  json: FilterNode;
  created_by: string | null;
  mod_count: number;
}

const builtIn = (): CannedQuery => ({
  id: URGENT_UNACCEPTED_ID,
  name: URGENT_UNACCEPTED_ID,
  json: urgentUnacceptedFilter(),
  builtIn: true,
  createdBy: null,
  modCount: 0,
});

const present = (r: Row): CannedQuery => ({ id: r.id, name: r.name, json: r.json, builtIn: false, createdBy: r.created_by, modCount: r.mod_count });

const COLUMNS = 'id, name, json, created_by, mod_count';

export async function listCannedQueries(deps: AppDeps): Promise<CannedQuery[]> {
  const { rows } = await deps.pool.query<Row>(`select ${COLUMNS} from canned_queries where not deleted order by lower(name), created_at`);
  return [builtIn(), ...rows.map(present)];
}

export async function getCannedQuery(deps: AppDeps, id: string): Promise<CannedQuery> {
  if (id === URGENT_UNACCEPTED_ID) return builtIn();
  if (!isUuid(id)) throw notFound();
  const { rows } = await deps.pool.query<Row>(`select ${COLUMNS} from canned_queries where id = $1 and not deleted`, [id]);
  if (!rows[0]) throw notFound();
  return present(rows[0]);
}

async function lockOwned(client: PoolClient, user: SessionUser, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await client.query<Row>(`select ${COLUMNS} from canned_queries where id = $1 and not deleted for update`, [id]);
  const row = rows[0];
  if (!row) throw notFound();
  if (row.created_by !== user.id && !user.adminAccess) throw forbidden(CANNED_MSG.NOT_YOURS);
  return row;
}

export async function saveCannedQuery(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: z.output<typeof CannedQueryBody>,
): Promise<CannedQuery> {
  if (body.id === URGENT_UNACCEPTED_ID) throw badRequest(CANNED_MSG.BUILT_IN_CHANGE);
  // spec 2 §5: a custom query needs a top-level AND, and every condition must be usable
  const valid = validateFilter(body.json);
  if (!valid.ok) throw badRequest(valid.message, [{ path: 'json', message: valid.message }]);
  const json = JSON.stringify(body.json);
  return inTransaction(deps.pool, async (client) => {
    if (!body.id) {
      const { rows } = await client.query<Row>(
        `insert into canned_queries (name, json, created_by) values ($1, $2, $3) returning ${COLUMNS}`,
        [body.name, json, user.id],
      );
      await writeAudit(client, { ...auditActor(req), activityType: 'create', table: 'canned_queries', recordId: rows[0].id, after: { name: body.name, json: body.json } });
      return present(rows[0]);
    }
    if (body.modCount === undefined) throw badRequest(CANNED_MSG.MOD_COUNT_REQUIRED, [{ path: 'modCount', message: CANNED_MSG.MOD_COUNT_REQUIRED }]);
    const before = await lockOwned(client, user, body.id);
    if (before.mod_count !== body.modCount) throw conflict(CANNED_MSG.STALE, present(before));
    const { rows } = await client.query<Row>(
      `update canned_queries set name = $2, json = $3, mod_count = mod_count + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
      [body.id, body.name, json],
    );
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'update',
      table: 'canned_queries',
      recordId: body.id,
      before: { name: before.name, json: before.json },
      after: { name: body.name, json: body.json },
    });
    return present(rows[0]);
  });
}

export async function deleteCannedQuery(deps: AppDeps, req: FastifyRequest, user: SessionUser, id: string): Promise<{ id: string }> {
  if (id === URGENT_UNACCEPTED_ID) throw badRequest(CANNED_MSG.BUILT_IN_DELETE);
  return inTransaction(deps.pool, async (client) => {
    const before = await lockOwned(client, user, id);
    await client.query('update canned_queries set deleted = true, mod_count = mod_count + 1, updated_at = now() where id = $1', [id]);
    await writeAudit(client, { ...auditActor(req), activityType: 'delete', table: 'canned_queries', recordId: id, before: { name: before.name, json: before.json } });
    return { id };
  });
}
