import type pg from 'pg';

/** Partner monitor: pending pay adjustment requests of each kind. */
export async function addDemoPartnerMonitor(_client: pg.PoolClient, _today: string): Promise<void> {}
