import type pg from 'pg';

/** Portal trips: the demo passenger's and case manager's trips as the portal shows them. */
export async function addDemoPortalTrips(_client: pg.PoolClient, _today: string): Promise<void> {}
