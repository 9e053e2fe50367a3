import type pg from 'pg';

/** Partner rates: each demo partner's rates, and the pay of its trips. */
export async function addDemoPartnerRates(_client: pg.PoolClient, _today: string): Promise<void> {}
