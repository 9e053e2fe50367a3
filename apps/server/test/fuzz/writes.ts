import type { Pool } from 'pg';

/**
 * Counts every row written to the database (insert, update, delete, truncate) from now on, so a
 * test can tell that a refused request changed nothing. A trigger on each table of the schema adds
 * to one counter row; the counter's own table is left out.
 */
export async function countWrites(pool: Pool): Promise<() => Promise<number>> {
  await pool.query(`
    create table fuzz_write_count (n bigint not null);
    insert into fuzz_write_count values (0);
    create function fuzz_count_write() returns trigger language plpgsql as $$
      begin update fuzz_write_count set n = n + 1; return null; end $$;
    do $$
    declare t record;
    begin
      for t in select c.relname from pg_class c join pg_namespace s on s.oid = c.relnamespace
                where s.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> 'fuzz_write_count'
                  and not c.relispartition
      loop
        execute format('create trigger fuzz_count_rows after insert or update or delete on %I for each row execute function fuzz_count_write()', t.relname);
        execute format('create trigger fuzz_count_truncate after truncate on %I for each statement execute function fuzz_count_write()', t.relname);
      end loop;
    end $$;
  `);
  return async () => Number((await pool.query('select n from fuzz_write_count')).rows[0].n);
}
