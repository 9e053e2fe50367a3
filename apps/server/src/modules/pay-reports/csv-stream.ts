import { Readable } from 'node:stream';
import { csvRow } from '@tripline/core';
import type { FastifyReply } from 'fastify';
import type { QueryResultRow } from 'pg';
import type { AppDeps } from '../../platform/deps.ts';

const FETCH_ROWS = 500;

/**
 * A report's CSV text, a batch of rows at a time from a cursor on a connection of its own (as the
 * trip download reads, modules/search/csv-export.ts): a byte-order mark so spreadsheets read the
 * names as UTF-8, the header, then a line per row. Nothing is taken from the pool until the first
 * read, and the connection goes back however the stream ends.
 */
async function* csvText<R extends QueryResultRow>(
  deps: AppDeps,
  sql: string,
  params: unknown[],
  columns: readonly string[],
  lines: (rows: R[]) => string[],
): AsyncGenerator<string> {
  const client = await deps.pool.connect();
  let finished = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare report_csv no scroll cursor for ${sql}`, params);
    yield '\uFEFF' + csvRow(columns);
    for (;;) {
      const { rows } = await client.query<R>(`fetch ${FETCH_ROWS} from report_csv`);
      if (rows.length === 0) break;
      yield lines(rows).join('');
    }
    await client.query('commit');
    finished = true;
  } finally {
    if (!finished) await client.query('rollback').catch(() => {});
    client.release();
  }
}

/** Sends a report as a CSV file download, streamed; answers the reply (Fastify takes it as sent). */
export function sendCsv<T, R extends QueryResultRow>(
  deps: AppDeps,
  reply: FastifyReply,
  file: string,
  query: { sql: string; params: unknown[]; columns: readonly string[]; lines: (rows: R[]) => string[] },
): T {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvText(deps, query.sql, query.params, query.columns, query.lines)));
  return reply as unknown as T;
}
