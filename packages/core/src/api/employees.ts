import type { Endpoint } from './endpoint.ts';

// Employees and drivers: records, availability, shift overrides, pay history, photos and imports (spec 1 §7, 3 §2–§3, §7).

export const employeeEndpoints = {} satisfies Record<string, Endpoint>;
