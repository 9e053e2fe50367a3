import type pg from 'pg';

/** An early week for some drivers: Monday to Friday 06:00–14:00, Saturday 07:00–12:00. */
const EARLY_WEEK = JSON.stringify([
  { day: 'Mon', start: '06:00', end: '14:00' },
  { day: 'Tue', start: '06:00', end: '14:00' },
  { day: 'Wed', start: '06:00', end: '14:00' },
  { day: 'Thu', start: '06:00', end: '14:00' },
  { day: 'Fri', start: '06:00', end: '14:00' },
  { day: 'Sat', start: '07:00', end: '12:00' },
  { day: 'Sun', start: null, end: null },
]);

/**
 * The partners' and the operator's employees: hire and licence dates, an early week for every third
 * driver (the others keep the default Monday–Friday 09:00–17:00), shift overrides around today and
 * the last two weeks of days worked. Set-based and ordered by employee number, so every load of the
 * demo gives the same people the same records.
 */
export async function addDemoEmployees(client: pg.PoolClient, today: string): Promise<void> {
  await client.query(
    `with e as (
       select id, row_number() over (order by employee_number, id) as n from contacts
        where types && '{Driver,SecureEmployee,AffiliateEmployee}' and employee_number is not null and not deleted)
     update contacts c set
       hired_date = $1::date - (200 + (e.n * 37) % 2400)::int,
       dl_number = case when c.types @> '{Driver}' then 'NM' || lpad(((e.n * 7919) % 100000000)::text, 9, '0') end,
       dl_issue_date = case when c.types @> '{Driver}' then $1::date - (100 + (e.n * 53) % 1400)::int end,
       dl_exp_date = case when c.types @> '{Driver}' then $1::date + (60 + (e.n * 97) % 2000)::int end,
       initial_credential_date = case when c.types @> '{Driver}' then $1::date - (150 + (e.n * 37) % 2300)::int end,
       latest_credential_date = case when c.types @> '{Driver}' then $1::date - ((e.n * 29) % 330)::int end,
       availability = case when c.types @> '{Driver}' and e.n % 3 = 0 then $2::jsonb end
     from e where c.id = e.id`,
    [today, EARLY_WEEK],
  );
  // every fourth driver has tomorrow off or a late shift, and an early start the day after
  await client.query(
    `with d as (
       select id, row_number() over (order by employee_number, id) as n from contacts
        where types @> '{Driver}' and employee_number is not null and not deleted)
     insert into employee_shift_overrides (employee_id, date, start_time, end_time)
     select id, $1::date + 1, case when n % 8 = 0 then null else time '12:00' end, case when n % 8 = 0 then null else time '20:00' end
       from d where n % 4 = 0
     union all
     select id, $1::date + 2, time '05:00', time '13:00' from d where n % 4 = 0`,
    [today],
  );
  // the days each driver worked in the last two weeks (weekdays), 8 hours at $18.50
  await client.query(
    `with d as (
       select id, row_number() over (order by employee_number, id) as n from contacts
        where types @> '{Driver}' and employee_number is not null and not deleted),
     days as (select ($1::date - k) as day from generate_series(1, 14) k)
     insert into employee_pay_history (employee_id, date_worked, hours_worked, amount)
     select d.id, days.day, 8 - (d.n % 3), (8 - (d.n % 3)) * 18.5
       from d cross join days
      where extract(isodow from days.day) < 6 and d.n % 2 = 1`,
    [today],
  );
}
