import type { Division } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

/** A division as the API answers it, counties by FIPS code. */
const DIVISION_JSON = `json_build_object(
  'id', d.id, 'code', d.code, 'name', d.name, 'state', d.state, 'timeZone', d.time_zone, 'modCount', d.mod_count,
  'counties', coalesce((select json_agg(json_build_object('fips', c.fips, 'name', c.name, 'state', c.state) order by c.fips)
                          from counties c where c.division_id = d.id), '[]'::json))`;

/** Every division, by code. */
export async function listDivisions(db: Db): Promise<Division[]> {
  const { rows } = await db.query<{ division: Division }>(`select ${DIVISION_JSON} as division from divisions d order by d.code`);
  return rows.map((r) => r.division);
}

/** One division, locked for the transaction's change when `lock` is set. */
export async function loadDivision(db: Db, id: string, lock = false): Promise<Division | null> {
  if (lock) await db.query('select 1 from divisions where id = $1 for update', [id]);
  const { rows } = await db.query<{ division: Division }>(`select ${DIVISION_JSON} as division from divisions d where d.id = $1`, [id]);
  return rows[0]?.division ?? null;
}

export async function divisionIdByCode(db: Db, code: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('select id from divisions where code = $1', [code]);
  return rows[0]?.id ?? null;
}

export interface ZipCounty {
  county: string | null;
  division: { id: string; code: string; name: string; timeZone: string } | null;
}

/** The operator's county of a FIPS code and its division (either may be missing). */
export async function countyWithDivision(db: Db, fips: string): Promise<ZipCounty> {
  const { rows } = await db.query<ZipCounty>(
    `select c.name as county,
            case when d.id is null then null
                 else json_build_object('id', d.id, 'code', d.code, 'name', d.name, 'timeZone', d.time_zone) end as division
       from counties c left join divisions d on d.id = c.division_id
      where c.fips = $1`,
    [fips],
  );
  return rows[0] ?? { county: null, division: null };
}
