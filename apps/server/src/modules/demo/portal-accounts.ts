import type pg from 'pg';

/** Portal accounts: members on file who can create their own sign-in. */
export async function addDemoPortalAccounts(_client: pg.PoolClient, _today: string): Promise<void> {}
