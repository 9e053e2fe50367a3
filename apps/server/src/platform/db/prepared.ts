import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/** Beyond this many distinct texts a query runs unnamed: a text carrying values must not fill every connection's cache. */
const MAX_NAMES = 200;
const names = new Map<string, string>();

/**
 * A query PostgreSQL plans on a connection once and then reuses (a named prepared statement). For
 * the queries nearly every request runs whose planning costs more than their execution: the
 * signed-in user, a trip's JSON by id, a passenger's addresses and coverages. The text carries
 * bind parameters only, never values, so each query has one name. PostgreSQL still plans the first
 * executions for their values and keeps a generic plan only when it is no dearer.
 */
export function prepared(text: string, values: readonly unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name === undefined ? { text, values: [...values] } : { name, text, values: [...values] };
}
