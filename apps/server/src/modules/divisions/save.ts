import { DIVISION_MSG, stateOfCountyFips, type Division, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { divisionIdByCode, loadDivision } from './repository.ts';

type Body = ParsedBodyOf<typeof contract.divisionSave>;
type CountyInput = NonNullable<Body['counties']>[number];

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * The divisions that lose counties to this one, locked in id order (two saves moving counties
 * between the same divisions wait for each other instead of deadlocking), with their state before.
 */
async function losingDivisions(client: PoolClient, divisionId: string, fips: readonly string[]): Promise<Division[]> {
  const { rows } = await client.query<{ id: string }>(
    `select distinct division_id as id from counties
      where fips = any($1) and division_id is not null and division_id <> $2 order by 1`,
    [fips, divisionId],
  );
  const out: Division[] = [];
  for (const r of rows) {
    const d = await loadDivision(client, r.id, true);
    if (d) out.push(d);
  }
  return out;
}

/** Makes the county list exactly `counties`: new counties are recorded, missing ones left without a division. */
async function setCounties(client: PoolClient, divisionId: string, counties: readonly CountyInput[]): Promise<void> {
  const fips = counties.map((c) => c.fips);
  await client.query(
    `insert into counties (fips, name, state, division_id)
     select f, n, s, $4 from unnest($1::text[], $2::text[], $3::text[]) as x(f, n, s)
     on conflict (fips) do update set division_id = excluded.division_id`,
    [fips, counties.map((c) => c.name), counties.map((c) => stateOfCountyFips(c.fips)), divisionId],
  );
  await client.query('update counties set division_id = null where division_id = $1 and not (fips = any($2))', [divisionId, fips]);
}

async function writeDivision(client: PoolClient, body: Body): Promise<string> {
  const fields = [body.code, body.name, body.state, body.timeZone];
  try {
    if (!body.id) {
      const { rows } = await client.query<{ id: string }>(
        'insert into divisions (code, name, state, time_zone) values ($1, $2, $3, $4) returning id',
        fields,
      );
      return rows[0].id;
    }
    await client.query(
      `update divisions set code = $2, name = $3, state = $4, time_zone = $5, mod_count = mod_count + 1, updated_at = now() where id = $1`,
      [body.id, ...fields],
    );
    return body.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(DIVISION_MSG.CODE_TAKEN(body.code), [{ path: 'code', message: DIVISION_MSG.CODE_TAKEN(body.code) }]);
    throw e;
  }
}

/**
 * POST divisions (spec 2 §7, 3 §5): adds or changes a division and, when sent, its county list.
 * A stale modCount answers 409 with the server's copy and changes nothing; every division changed
 * (the one saved and those that lost counties to it) gets an audit row with before and after.
 */
export async function saveDivision(deps: AppDeps, req: FastifyRequest, body: Body): Promise<Division> {
  return inTransaction(deps.pool, async (client) => {
    let before: Division | null = null;
    if (body.id) {
      before = await loadDivision(client, body.id, true);
      if (!before) throw notFound(DIVISION_MSG.NOT_FOUND);
      if (before.modCount !== body.modCount) throw conflict(DIVISION_MSG.CONFLICT(before.code), before);
    }
    const taken = await divisionIdByCode(client, body.code);
    if (taken && taken !== body.id) throw badRequest(DIVISION_MSG.CODE_TAKEN(body.code), [{ path: 'code', message: DIVISION_MSG.CODE_TAKEN(body.code) }]);

    const id = await writeDivision(client, body);
    const losers = body.counties ? await losingDivisions(client, id, body.counties.map((c) => c.fips)) : [];
    if (body.counties) await setCounties(client, id, body.counties);

    const actor = auditActor(req);
    for (const lost of losers) {
      await client.query('update divisions set mod_count = mod_count + 1, updated_at = now() where id = $1', [lost.id]);
      await writeAudit(client, { ...actor, activityType: 'division-save', table: 'divisions', recordId: lost.id, before: lost, after: await loadDivision(client, lost.id) });
    }
    const after = (await loadDivision(client, id))!;
    await writeAudit(client, { ...actor, activityType: 'division-save', table: 'divisions', recordId: id, before, after });
    return after;
  });
}

