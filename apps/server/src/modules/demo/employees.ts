import type pg from 'pg';

/** The partners' and the operator's employees: availability, shift overrides and pay history. */
export async function addDemoEmployees(_client: pg.PoolClient, _today: string): Promise<void> {}
