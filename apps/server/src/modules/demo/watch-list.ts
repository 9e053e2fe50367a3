import type pg from 'pg';

/** Elevated members on the watch list. */
export async function addDemoWatchList(_client: pg.PoolClient, _today: string): Promise<void> {}
