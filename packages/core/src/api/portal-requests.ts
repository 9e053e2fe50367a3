import type { Endpoint } from './endpoint.ts';

// Case manager and passenger portal: trip requests (spec 2 §7).

export const portalRequestEndpoints = {} satisfies Record<string, Endpoint>;
