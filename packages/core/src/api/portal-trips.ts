import type { Endpoint } from './endpoint.ts';

// Case manager and passenger portal: activity, the trip page, cancellation and member plans (spec 2 §7).

export const portalTripEndpoints = {} satisfies Record<string, Endpoint>;
