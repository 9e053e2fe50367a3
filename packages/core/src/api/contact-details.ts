import type { Endpoint } from './endpoint.ts';

// Saving a contact: its fields, phones, emails, addresses, special requests and member trip authorizations (spec 2 §3, 3 §2, §5).

export const contactDetailEndpoints = {} satisfies Record<string, Endpoint>;
