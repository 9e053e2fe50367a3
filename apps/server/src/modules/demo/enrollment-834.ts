import type pg from 'pg';
import { mainAddressId, mainPhone } from '../contacts/search.ts';
import { DEMO_SEED } from './context.ts';
import { FIRST_NAMES, LAST_NAMES } from './people.ts';
import { Rng, deriveSeed } from './random.ts';

/** Members the plans sent who are not contacts yet: the 834 search's "Create contact" finds them. */
const NEW_MEMBERS = 40;
/** Of the members who are contacts, this share appears in the files (the rest joined by phone). */
const ENROLLED_SHARE = 3;

/**
 * Members of the plans' enrollment files (834) the register can find: two in three of the demo's
 * members, with the plan, home and phone they have, and NEW_MEMBERS people not yet contacts, who
 * live at demo addresses (so their homes place offline). Deterministic for a given today.
 */
export async function addDemoEnrollments(client: pg.PoolClient, today: string): Promise<void> {
  const year = Number(today.slice(0, 4));
  const begin = `${year - 1}-01-01`;
  const source = (code: string) => `834_${code}_${year - 1}0101.x12`;

  await client.query(
    `insert into enrollment_834 (member_id, plan_id, name, first_name, last_name, date_of_birth, street, city, state, zip, phone, date_begin, source)
     select c.member_id, c.plan_id, c.name, c.first_name, c.last_name, c.date_of_birth, a.street, a.city, a.state, a.zip,
            ${mainPhone()}, $1::date, '834_' || coalesce(pl.code, 'UNKNOWN') || '_' || $2 || '.x12'
       from contacts c
       left join plans pl on pl.id = c.plan_id
       left join addresses a on a.id = ${mainAddressId()}
      where c.member_id is not null and not c.deleted and c.contact_number % $3 <> 0
     on conflict do nothing`,
    [begin, `${year - 1}0101`, ENROLLED_SHARE],
  );

  const { rows: plans } = await client.query<{ id: string; code: string }>('select id, code from plans order by code');
  const { rows: homes } = await client.query<{ street: string; city: string; state: string; zip: string }>(
    `select a.street, a.city, a.state, a.zip from addresses a
      where a.label = 'Home' and a.street is not null and a.zip is not null order by a.id limit 200`,
  );
  if (plans.length === 0 || homes.length === 0) return;

  const rng = new Rng(deriveSeed(DEMO_SEED, 'enrollment-834'));
  const rows: unknown[][] = [];
  for (let i = 0; i < NEW_MEMBERS; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const plan = rng.pick(plans);
    const home = rng.pick(homes);
    const dob = `${rng.int(1935, 2006)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    // E marks an enrollment-only member, so the ids never meet the demo contacts'
    const memberId = `${home.state}E${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
    const phone = `505${rng.int(200, 999)}${String(rng.int(0, 9999)).padStart(4, '0')}`;
    const monthsAgo = rng.int(0, 20);
    const start = new Date(Date.UTC(year, Number(today.slice(5, 7)) - 1 - monthsAgo, 1)).toISOString().slice(0, 10);
    rows.push([memberId, plan.id, `${first} ${last}`, first, last, dob, home.street, home.city, home.state, home.zip, phone, start, source(plan.code)]);
  }
  await client.query(
    `insert into enrollment_834 (member_id, plan_id, name, first_name, last_name, date_of_birth, street, city, state, zip, phone, date_begin, source)
     select * from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::date[], $7::text[], $8::text[], $9::text[],
                          $10::text[], $11::text[], $12::date[], $13::text[])
     on conflict do nothing`,
    rows[0].map((_, col) => rows.map((r) => r[col])),
  );
}
