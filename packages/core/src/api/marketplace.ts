import type { Endpoint } from './endpoint.ts';

// Marketplace: offered trips and race-safe claims (spec 1 §4, 2 §4, §7).

export const marketplaceEndpoints = {} satisfies Record<string, Endpoint>;
