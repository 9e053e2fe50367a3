import type { Endpoint } from './endpoint.ts';

// Infectious diseases, partner holds, blacklists, duplicates and merging contacts (spec 1 §7, 2 §3, 3 §2).

export const contactCareEndpoints = {} satisfies Record<string, Endpoint>;
