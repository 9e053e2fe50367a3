import type pg from 'pg';

/** Marketplace: offered trips on the next days. */
export async function addDemoMarketplace(_client: pg.PoolClient, _today: string): Promise<void> {}
