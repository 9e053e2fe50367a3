import type { Endpoint } from './endpoint.ts';

// Case manager and passenger portal: the sign-in wizard, password reset and account credentials (spec 2 §7).

export const portalAccountEndpoints = {} satisfies Record<string, Endpoint>;
