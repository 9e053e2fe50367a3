import type { PoolClient } from 'pg';

/** A column that names a contact by id: a foreign key to contacts found in the catalogue. */
export interface ContactReference {
  table: string;
  column: string;
  /** The table's unique indexes that hold this column: the other columns and the index's condition. */
  uniques: { others: string[]; predicate: string | null }[];
}

/**
 * Every single-column foreign key to contacts(id) in the database, with the unique indexes a
 * re-pointed row could collide in. Read from pg_constraint and pg_index at the time of the merge,
 * so a table added by a later migration is re-pointed without a change here.
 */
export async function contactReferences(client: PoolClient): Promise<ContactReference[]> {
  const { rows } = await client.query<{ table: string; column: string; attnum: number; relid: number }>(
    `select cl.relname as table, a.attname as column, a.attnum, cl.oid::int as relid
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'contacts'::regclass and cardinality(c.conkey) = 1 and pg_table_is_visible(cl.oid)
      order by cl.relname, a.attname`,
  );
  const { rows: indexes } = await client.query<{ relid: number; columns: string[]; attnums: number[]; predicate: string | null }>(
    `select i.indrelid::int as relid, i.indkey::int2[]::int[] as attnums,
            array(select a.attname from unnest(i.indkey::int2[]) with ordinality k(n, o) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[] as columns,
            pg_get_expr(i.indpred, i.indrelid) as predicate
       from pg_index i
      where i.indisunique and i.indexprs is null and i.indrelid = any($1::oid[])`,
    [[...new Set(rows.map((r) => r.relid))]],
  );
  return rows.map((r) => ({
    table: r.table,
    column: r.column,
    uniques: indexes
      .filter((ix) => ix.relid === r.relid && ix.attnums.includes(r.attnum))
      .map((ix) => ({ others: ix.columns.filter((c) => c !== r.column), predicate: ix.predicate })),
  }));
}

/** Whether a table has a column (for the columns that name contacts by number, added by other areas). */
export async function hasColumn(client: PoolClient, table: string, column: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `select 1 from information_schema.columns where table_schema = current_schema() and table_name = $1 and column_name = $2`,
    [table, column],
  );
  return (rowCount ?? 0) > 0;
}

/** The contacts columns a merge may fill from the merged contact: nullable, stored, not unique, not handled on their own. */
export async function fillableContactColumns(client: PoolClient, handled: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select c.column_name from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = 'contacts' and c.is_nullable = 'YES' and c.is_generated = 'NEVER'
        and not exists (
          select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
           where i.indrelid = 'contacts'::regclass and i.indisunique and a.attname = c.column_name)
      order by c.ordinal_position`,
  );
  return rows.map((r) => r.column_name).filter((c) => !handled.includes(c));
}
