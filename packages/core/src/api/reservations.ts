import type { Endpoint } from './endpoint.ts';

// The reservation editor: a trip and its legs read and saved whole (spec 2 §2–§9).

export const reservationEndpoints = {} satisfies Record<string, Endpoint>;
