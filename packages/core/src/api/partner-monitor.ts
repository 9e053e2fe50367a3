import type { Endpoint } from './endpoint.ts';

// Partner monitor: pay adjustment requests and their review (spec 2 §7, 3 §2, §7).

export const partnerMonitorEndpoints = {} satisfies Record<string, Endpoint>;
