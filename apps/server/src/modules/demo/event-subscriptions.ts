import type pg from 'pg';

/** Event subscriptions of the portal logins, and a few past notices. */
export async function addDemoEventSubscriptions(_client: pg.PoolClient, _today: string): Promise<void> {}
