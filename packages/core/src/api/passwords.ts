import type { Endpoint } from './endpoint.ts';

// Passwords (edit, reset, generate) and the support form (spec 1 §2, 2 §2, 3 §7; DECISIONS 3).

export const passwordEndpoints = {} satisfies Record<string, Endpoint>;
