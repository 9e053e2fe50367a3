import type pg from 'pg';

/** Members of the plans' enrollment files (834) the register can find, some not yet contacts. */
export async function addDemoEnrollments(_client: pg.PoolClient, _today: string): Promise<void> {}
