import pg from 'pg';
import { TripSearchQuery } from '@tripline/core';
import { compileTripSearch } from '/work/main/apps/server/src/modules/search/compile.ts';
import { FIRST_PICKUP, ORDER } from '/work/main/apps/server/src/modules/trips/repository.ts';
const url = process.argv[2].replace(/\/postgres$/, '/tripline');
const pool = new pg.Pool({ connectionString: url });
const user = { id: 'x', types: ['Employee'], ldapGroups: ['Admin','SecureEmployee','Dispatch'] } as any;
const q = TripSearchQuery.parse(JSON.parse(process.argv[3]));
const params: unknown[] = [];
const where = compileTripSearch(q, user, '2026-11-25', params);
console.log(where, params);
const DAY_COLUMNS = `da.id, to_char(da.service_date, 'YYYY-MM-DD') as date, legs.first_pickup::text as first_pickup, da.reference_number as ref`;
const DAY_FROM = `drive_assignments da cross join lateral (select ${FIRST_PICKUP} as first_pickup from trip_legs tl where tl.drive_assignment_id = da.id) legs`;
const sql = `select ${DAY_COLUMNS}, count(*) over () as total from ${DAY_FROM} where ${where} order by ${ORDER} limit $${params.length + 1}`;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = await pool.query(`explain (analyze, buffers) ${sql}`, [...params, Number(q.limit ?? 1000)]);
  if (i === 2) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  console.log('ms', performance.now() - t);
}
const t = performance.now();
await pool.query(`select da.id from drive_assignments da where ${where}`, params);
console.log('ids ms', performance.now() - t);
await pool.end();
