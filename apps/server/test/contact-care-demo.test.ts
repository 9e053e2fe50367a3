import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/modules/demo/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

const TODAY = '2026-11-22';
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  expect(await loadDemoData(db.pool, { today: TODAY })).toEqual({ loaded: true });
}, 120_000);
afterAll(async () => db?.drop());

const one = async (sql: string) => (await db.pool.query(sql)).rows[0];

describe('demo contact care', () => {
  it('gives one passenger the flu for the coming days, with every leg of theirs in those days flagged', async () => {
    const d = await one(`select contact_id, to_char(start_date, 'YYYY-MM-DD') as s, to_char(end_date, 'YYYY-MM-DD') as e from infectious_diseases`);
    expect(d).toMatchObject({ s: TODAY, e: '2026-11-27' });
    const legs = await one(
      `select count(*)::int as legs, count(*) filter (where not tl.infectious_disease_flag)::int as unflagged
         from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
        where tl.passenger_id = '${d.contact_id}' and da.service_date between '${TODAY}' and '2026-11-27'`,
    );
    expect(legs.legs).toBeGreaterThan(0);
    expect(legs.unflagged).toBe(0);
  });

  it('holds, blacklists and a passenger entered twice', async () => {
    expect(await one(`select to_char(end_date, 'YYYY-MM-DD') as e from provider_holds`)).toEqual({ e: '2026-11-02' });
    expect(await one('select requested_by from blacklists')).toEqual({ requested_by: 'Passenger' });
    const pair = await one(
      `select count(*)::int as n from contacts c join contacts o on o.name = c.name and o.date_of_birth = c.date_of_birth and o.id <> c.id
        where c.notes = 'Entered again by the call centre'`,
    );
    expect(pair.n).toBe(1);
  });
});
