import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Pool, QueryResultRow } from 'pg';

const FETCH_ROWS = 1000;

/** A download's rows: the query, its header line and how a batch of rows becomes CSV lines. */
export interface CsvQuery<R extends QueryResultRow> {
  sql: string;
  params: unknown[];
  header: string;
  lines: (rows: R[]) => string;
}

/**
 * The CSV text, a batch of rows at a time from a cursor on a connection of its own: a byte-order
 * mark so spreadsheets read names as UTF-8, the header, then the lines. Nothing is taken from the
 * pool until the first read, and the connection goes back however the stream ends.
 */
async function* csvText<R extends QueryResultRow>(pool: Pool, query: CsvQuery<R>): AsyncGenerator<string> {
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare csv_rows no scroll cursor for ${query.sql}`, query.params);
    yield '\uFEFF' + query.header;
    for (;;) {
      const { rows } = await client.query<R>(`fetch ${FETCH_ROWS} from csv_rows`);
      if (rows.length === 0) break;
      yield query.lines(rows);
    }
    await client.query('commit');
    finished = true;
  } finally {
    if (!finished) await client.query('rollback').catch(() => {});
    client.release();
  }
}

/** Sends rows as a CSV file download, streamed; answers the reply (Fastify takes it as sent). */
export function sendCsvDownload<R extends QueryResultRow>(pool: Pool, reply: FastifyReply, file: string, query: CsvQuery<R>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvText(pool, query)));
}
