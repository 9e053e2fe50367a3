import type { Endpoint } from './endpoint.ts';

// Coverage, appointment types and the reservation look-ups (spec 2 §7; DECISIONS 10).

export const coverageEndpoints = {} satisfies Record<string, Endpoint>;
