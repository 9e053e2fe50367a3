import type pg from 'pg';

/** Vehicle details of the partners' fleets (VINs with valid check digits, capabilities). */
export async function addDemoVehicles(_client: pg.PoolClient, _today: string): Promise<void> {}
