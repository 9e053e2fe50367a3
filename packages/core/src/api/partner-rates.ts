import type { Endpoint } from './endpoint.ts';

// Partner rates: the operator's pay rates per partner, bill-to and service type (spec 3 §3, §7).

export const partnerRateEndpoints = {} satisfies Record<string, Endpoint>;
