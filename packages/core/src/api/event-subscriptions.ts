import type { Endpoint } from './endpoint.ts';

// Event subscriptions and their notices (spec 2 §7, 3 §3, §5).

export const eventSubscriptionEndpoints = {} satisfies Record<string, Endpoint>;
