/**
 * Seating of common NEMT vehicles as converted for the trade (spec 2 §7 vehicle-capabilities-lookup:
 * ambo, wc, gurney), bundled. `from`/`to` bound the model years the conversion applies to.
 */
interface CapabilityRow {
  make: string;
  model: string;
  from: number;
  to: number;
  ambo: number;
  wc: number;
  gurney: boolean;
}

const CAPABILITIES: readonly CapabilityRow[] = [
  { make: 'Toyota', model: 'Camry', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Toyota', model: 'Prius', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Toyota', model: 'Corolla', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Toyota', model: 'Sienna', from: 2000, to: 2099, ambo: 4, wc: 1, gurney: false },
  { make: 'Honda', model: 'Accord', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Honda', model: 'Civic', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Honda', model: 'Odyssey', from: 2000, to: 2099, ambo: 4, wc: 1, gurney: false },
  { make: 'Chevrolet', model: 'Malibu', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Chevrolet', model: 'Impala', from: 2000, to: 2020, ambo: 3, wc: 0, gurney: false },
  { make: 'Chevrolet', model: 'Express 3500', from: 2000, to: 2099, ambo: 6, wc: 2, gurney: true },
  { make: 'Dodge', model: 'Grand Caravan', from: 2000, to: 2020, ambo: 3, wc: 1, gurney: false },
  { make: 'Chrysler', model: 'Pacifica', from: 2017, to: 2099, ambo: 3, wc: 1, gurney: false },
  { make: 'Chrysler', model: 'Voyager', from: 2020, to: 2099, ambo: 3, wc: 1, gurney: false },
  { make: 'Ford', model: 'Transit Connect', from: 2010, to: 2099, ambo: 2, wc: 1, gurney: false },
  { make: 'Ford', model: 'Transit 350', from: 2015, to: 2099, ambo: 6, wc: 2, gurney: true },
  { make: 'Ford', model: 'E-350', from: 2000, to: 2099, ambo: 8, wc: 2, gurney: true },
  { make: 'Ford', model: 'Fusion', from: 2006, to: 2020, ambo: 3, wc: 0, gurney: false },
  { make: 'Mercedes-Benz', model: 'Sprinter 2500', from: 2007, to: 2099, ambo: 6, wc: 2, gurney: true },
  { make: 'Mercedes-Benz', model: 'Sprinter 3500', from: 2007, to: 2099, ambo: 8, wc: 3, gurney: true },
  { make: 'Ram', model: 'ProMaster 2500', from: 2014, to: 2099, ambo: 6, wc: 2, gurney: true },
  { make: 'Nissan', model: 'Altima', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
  { make: 'Nissan', model: 'NV200', from: 2013, to: 2021, ambo: 2, wc: 1, gurney: false },
  { make: 'Kia', model: 'Carnival', from: 2022, to: 2099, ambo: 4, wc: 1, gurney: false },
  { make: 'Hyundai', model: 'Sonata', from: 2000, to: 2099, ambo: 3, wc: 0, gurney: false },
];

const key = (s: string) => s.trim().toLowerCase();

/** The seating of a make, model and model year from the bundled table, or null when it is not listed. */
export function vehicleCapabilities(make: string, model: string, year: number): { ambo: number; wc: number; gurney: boolean } | null {
  const row = CAPABILITIES.find((r) => key(r.make) === key(make) && key(r.model) === key(model) && year >= r.from && year <= r.to);
  return row ? { ambo: row.ambo, wc: row.wc, gurney: row.gurney } : null;
}

/** The makes and their models the editor suggests (spec 2 §7 vehicle-make-model), makes in order. */
export function vehicleMakeModels(): { make: string; models: string[] }[] {
  const byMake = new Map<string, Set<string>>();
  for (const r of CAPABILITIES) byMake.set(r.make, (byMake.get(r.make) ?? new Set()).add(r.model));
  return [...byMake.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([make, models]) => ({ make, models: [...models].sort((a, b) => a.localeCompare(b)) }));
}

/** Exterior colours offered (spec 2 §7 vehicle-color-options). */
export const VEHICLE_COLORS = ['White', 'Silver', 'Gray', 'Black', 'Blue', 'Red', 'Green', 'Tan', 'Brown', 'Gold', 'Yellow', 'Orange'] as const;
