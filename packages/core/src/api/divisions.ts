import type { Endpoint } from './endpoint.ts';

// Divisions, ZIP codes and the watch list of elevated members (spec 1 §2, 3 §2).

export const divisionEndpoints = {} satisfies Record<string, Endpoint>;
