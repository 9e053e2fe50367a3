import type { Endpoint } from './endpoint.ts';

// Duplicating trips and standing orders, notes, pharmacy stops, declined trips and ride-share activity (spec 2 §7).

export const reservationExtraEndpoints = {} satisfies Record<string, Endpoint>;
