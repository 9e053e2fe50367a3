/**
 * Transport partners with their drivers and vehicles. 'Secure Transportation' is the operator's
 * own fleet; the others are outside companies that receive farmed-out trips.
 */
import { addAddress, addContact, addEmail, addPhone, type DemoContext } from './context.ts';
import { personName } from './people.ts';
import { areaCodeFor, fictionalPhone, streetAddress } from './places.ts';
import type { Rng } from './random.ts';
import type { PartnerInfo, VehicleInfo } from './world.ts';

interface PartnerDef {
  key: string;
  name: string;
  division: string;
  zip: string;
  street: string;
  /** Prefix of vehicle and employee numbers. */
  code: string;
  weight: number;
  oon?: boolean;
  fleet: { sedan: number; wheelchair: number; stretcher: number };
  drivers: number;
}

export const PARTNERS: readonly PartnerDef[] = [
  { key: 'secure', name: 'Secure Transportation', division: 'NM01', zip: '87107', street: 'Edith Blvd NE', code: 'STX', weight: 1.4, fleet: { sedan: 5, wheelchair: 5, stretcher: 2 }, drivers: 12 },
  { key: 'sandia', name: 'Sandia Mobility', division: 'NM01', zip: '87109', street: 'San Mateo Blvd NE', code: 'SAN', weight: 1, fleet: { sedan: 4, wheelchair: 3, stretcher: 0 }, drivers: 7 },
  { key: 'bosque', name: 'Bosque Wheelchair Express', division: 'NM01', zip: '87105', street: 'Isleta Blvd SW', code: 'BWE', weight: 0.8, fleet: { sedan: 1, wheelchair: 5, stretcher: 1 }, drivers: 6 },
  { key: 'manzano', name: 'Manzano Medical Rides', division: 'NM01', zip: '87031', street: 'Main St SW', code: 'MMR', weight: 0.3, oon: true, fleet: { sedan: 2, wheelchair: 1, stretcher: 0 }, drivers: 3 },
  { key: 'turquoise', name: 'Turquoise Trail Transport', division: 'NM02', zip: '87507', street: 'Airport Rd', code: 'TTT', weight: 1, fleet: { sedan: 3, wheelchair: 2, stretcher: 1 }, drivers: 5 },
  { key: 'sangre', name: 'Sangre de Cristo Rides', division: 'NM02', zip: '87532', street: 'N Riverside Dr', code: 'SDC', weight: 0.8, fleet: { sedan: 2, wheelchair: 2, stretcher: 0 }, drivers: 4 },
  { key: 'riogrande', name: 'Rio Grande Medical Transport', division: 'NM03', zip: '88005', street: 'W Amador Ave', code: 'RGM', weight: 1, fleet: { sedan: 3, wheelchair: 3, stretcher: 1 }, drivers: 6 },
  { key: 'organ', name: 'Organ Mountain Medical Rides', division: 'NM03', zip: '88011', street: 'E Lohman Ave', code: 'OMR', weight: 0.8, fleet: { sedan: 2, wheelchair: 2, stretcher: 0 }, drivers: 4 },
  { key: 'sanjoaquin', name: 'San Joaquin Care Transport', division: 'CA01', zip: '93702', street: 'E Ventura Ave', code: 'SJC', weight: 1, fleet: { sedan: 3, wheelchair: 3, stretcher: 1 }, drivers: 6 },
  { key: 'sierravista', name: 'Sierra Vista NEMT', division: 'CA01', zip: '93612', street: 'Clovis Ave', code: 'SVN', weight: 0.8, fleet: { sedan: 2, wheelchair: 2, stretcher: 0 }, drivers: 4 },
];

/** Partners the two demo partner logins work for: both outside companies. */
export const LOGIN_PARTNER_KEYS = { partner: 'sandia', partner2: 'riogrande' } as const;

interface Model {
  make: string;
  model: string;
  wmi: string;
}

const MODELS: Record<VehicleInfo['kind'], readonly Model[]> = {
  sedan: [
    { make: 'Toyota', model: 'Camry', wmi: '4T1' },
    { make: 'Honda', model: 'Accord', wmi: '1HG' },
    { make: 'Toyota', model: 'Prius', wmi: 'JTD' },
    { make: 'Chevrolet', model: 'Malibu', wmi: '1G1' },
  ],
  wheelchair: [
    { make: 'Dodge', model: 'Grand Caravan', wmi: '2C4' },
    { make: 'Toyota', model: 'Sienna', wmi: '5TD' },
    { make: 'Chrysler', model: 'Pacifica', wmi: '2C4' },
    { make: 'Ford', model: 'Transit Connect', wmi: 'NM0' },
  ],
  stretcher: [
    { make: 'Ford', model: 'Transit 350', wmi: '1FT' },
    { make: 'Mercedes-Benz', model: 'Sprinter 2500', wmi: 'W1Y' },
    { make: 'Chevrolet', model: 'Express 3500', wmi: '1GA' },
  ],
};

const VEHICLE_TYPE: Record<VehicleInfo['kind'], string> = {
  sedan: 'Ambulatory Sedan',
  wheelchair: 'Wheelchair Van',
  stretcher: 'Stretcher Van',
};

const COLORS = ['White', 'Silver', 'Gray', 'Black', 'Blue', 'Red', 'Tan'];

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_VALUE: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5,
  P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A 17-character VIN with a valid check digit and model-year character, so validators accept it. */
export function fakeVin(rng: Rng, wmi: string, year: number): string {
  const chars = [...wmi, ...rng.letters(5, VIN_CHARS), '0', YEAR_CODES[(year - 2010) % 30], rng.letters(1, 'ABCDEFGHJKLMNPRSTUVWXYZ'), ...rng.digits(6)];
  const sum = chars.reduce((acc, c, i) => acc + (/\d/.test(c) ? Number(c) : VIN_VALUE[c]) * VIN_WEIGHTS[i], 0);
  const check = sum % 11;
  chars[8] = check === 10 ? 'X' : String(check);
  return chars.join('');
}

function plate(rng: Rng, state: string): string {
  return state === 'CA' ? `${rng.int(7, 9)}${rng.letters(3)}${rng.digits(3)}` : `${rng.letters(3)}-${rng.digits(3)}`;
}

export function addPartners(ctx: DemoContext, usedNames: Set<string>): Map<string, PartnerInfo> {
  const { rng } = ctx;
  const out = new Map<string, PartnerInfo>();
  for (const def of PARTNERS) {
    const divisionId = ctx.divisionIds.get(def.division)!;
    const state = def.division.slice(0, 2);
    const area = areaCodeFor(def.division, def.zip);
    const base = streetAddress(rng, def.zip, def.street);
    const company = addContact(ctx, {
      name: def.name,
      types: ['Affiliate'],
      division_id: divisionId,
      base_lat: base.lat,
      base_lng: base.lng,
      oon: def.oon ?? false,
    });
    addAddress(ctx, company.id, base, 'Garage', def.name);
    addPhone(ctx, company.id, fictionalPhone(rng, area), { type: 'Main', main: true });
    addEmail(ctx, company.id, `dispatch@${def.key}.example`);

    const vehicles: VehicleInfo[] = [];
    let n = 101;
    for (const kind of ['sedan', 'wheelchair', 'stretcher'] as const) {
      for (let i = 0; i < def.fleet[kind]; i++) {
        const id = ctx.ids.uuid();
        const m = rng.pick(MODELS[kind]);
        const year = rng.int(2016, 2025);
        ctx.vehicles.add({
          id,
          vehicle_number: `${def.code}-${n++}`,
          vehicle_type: VEHICLE_TYPE[kind],
          vin: fakeVin(rng, m.wmi, year),
          license_plate: plate(rng, state),
          manufacturer: m.make,
          model: m.model,
          model_year: year,
          ext_color: rng.pick(COLORS),
          lift_max_weight: kind === 'sedan' ? null : kind === 'stretcher' ? 700 : rng.pick([800, 1000]),
          lift_type: kind === 'wheelchair' ? rng.pick(['Rear ramp', 'Side ramp', 'Rear lift']) : kind === 'stretcher' ? 'Cot mount' : null,
          loading_type: kind === 'sedan' ? null : kind === 'stretcher' ? 'Rear' : rng.pick(['Rear', 'Side']),
          bariatric: kind !== 'sedan' && rng.chance(0.2),
          ambulatory_seating_capacity: kind === 'sedan' ? 3 : kind === 'wheelchair' ? rng.int(2, 4) : 1,
          wheelchair_seating_capacity: kind === 'wheelchair' ? rng.int(1, 2) : kind === 'stretcher' ? 1 : 0,
          stretcher_capacity: kind === 'stretcher' ? 1 : 0,
          partner_id: company.id,
          description: `${m.make} ${m.model} ${VEHICLE_TYPE[kind].toLowerCase()}`,
          status_lat: base.lat,
          status_lng: base.lng,
        });
        vehicles.push({ id, kind });
      }
    }

    const drivers: PartnerInfo['drivers'] = [];
    for (let i = 0; i < def.drivers; i++) {
      const { first, last, name } = personName(rng, usedNames);
      const employeeNumber = `${def.code}${String(i + 1).padStart(3, '0')}`;
      const driver = addContact(ctx, {
        name,
        first_name: first,
        last_name: last,
        types: ['Driver'],
        parent_id: company.id,
        division_id: divisionId,
        employee_number: employeeNumber,
      });
      addPhone(ctx, driver.id, fictionalPhone(rng, area), { type: 'Cell', main: true, sms: true });
      drivers.push({ id: driver.id, employeeNumber });
    }
    out.set(def.key, {
      id: company.id,
      name: def.name,
      contactNumber: company.contactNumber,
      divisionId,
      weight: def.weight,
      drivers,
      vehicles,
    });
  }
  return out;
}
