import type { Endpoint } from './endpoint.ts';

// The contact register and its one search (spec 1 §2, 2 §2–§3; rules.md 'Contacts, vehicles, addresses, phones').

export const contactEndpoints = {} satisfies Record<string, Endpoint>;
