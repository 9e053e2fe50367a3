import type pg from 'pg';

/** Infectious diseases, partner holds and blacklists on a few demo contacts. */
export async function addDemoContactCare(_client: pg.PoolClient, _today: string): Promise<void> {}
