import type { Endpoint } from './endpoint.ts';

// Vehicles: the list, the editor, VIN and capability look-ups and imports (spec 1 §3, §7, 2 §3).

export const vehicleEndpoints = {} satisfies Record<string, Endpoint>;
