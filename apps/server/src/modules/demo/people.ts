/**
 * People of the demo operator: members (passengers) and the staff, partner, case manager and
 * passenger logins used to try the portal.
 */
import { addAddress, addContact, addEmail, addPhone, type DemoContext } from './context.ts';
import type { Payers, PlanInfo } from './operator.ts';
import { HOME_ZIPS, areaCodeFor, fictionalPhone, streetAddress } from './places.ts';
import type { Rng } from './random.ts';
import { SERVICE_TYPE_MIX } from './reference.ts';
import type { DivisionInfo, PartnerInfo, PassengerInfo } from './world.ts';

/** Fixed ids, so tests and walkthroughs can refer to the demo logins directly. */
export const DEMO_USER_IDS = {
  admin: 'd0000000-0000-4000-8000-000000000001',
  dispatcher: 'd0000000-0000-4000-8000-000000000002',
  partner: 'd0000000-0000-4000-8000-000000000003',
  partner2: 'd0000000-0000-4000-8000-000000000004',
  casemanager: 'd0000000-0000-4000-8000-000000000005',
  passenger: 'd0000000-0000-4000-8000-000000000006',
  credentialing: 'd0000000-0000-4000-8000-000000000007',
  fleet: 'd0000000-0000-4000-8000-000000000008',
  supervisor: 'd0000000-0000-4000-8000-000000000009',
  finance: 'd0000000-0000-4000-8000-00000000000a',
} as const;

export type DemoUsername = keyof typeof DEMO_USER_IDS;

export const FIRST_NAMES = [
  'Maria', 'Jose', 'Eleanor', 'Robert', 'Rosa', 'Daniel', 'Linda', 'Manuel', 'Patricia', 'Juan', 'Dolores', 'Michael',
  'Carmen', 'David', 'Gloria', 'Anthony', 'Teresa', 'James', 'Lucia', 'Thomas', 'Irene', 'Frank', 'Yolanda', 'Raymond',
  'Angela', 'Gilbert', 'Cynthia', 'Ernest', 'Sandra', 'Arturo', 'Helen', 'Victor', 'Martha', 'Leonard', 'Esperanza',
  'Harold', 'Juanita', 'Samuel', 'Beatrice', 'Ruben', 'Dorothy', 'Eugene', 'Alicia', 'Lorenzo', 'Nancy', 'Benjamin',
  'Consuelo', 'Walter', 'Veronica', 'Isaac', 'Shirley', 'Marcus', 'Adela', 'Dennis', 'Naomi', 'Tomas', 'Evelyn', 'Kenji',
  'Mei', 'Tuan', 'Priya', 'Nizhoni', 'Darrell', 'Loretta', 'Cruz', 'Fabiola', 'Wendell', 'Orlando', 'Bernadette', 'Luis',
  'Graciela', 'Howard', 'Jolene', 'Alfonso', 'Della', 'Rudy', 'Imelda', 'Vernon', 'Socorro', 'Elijah',
];

export const LAST_NAMES = [
  'Chavez', 'Martinez', 'Garcia', 'Lucero', 'Baca', 'Sandoval', 'Romero', 'Montoya', 'Trujillo', 'Archuleta', 'Gallegos',
  'Apodaca', 'Vigil', 'Padilla', 'Gurule', 'Salazar', 'Armijo', 'Lujan', 'Tafoya', 'Maestas', 'Otero', 'Duran', 'Jaramillo',
  'Sena', 'Begay', 'Yazzie', 'Tsosie', 'Benally', 'Chee', 'Nez', 'Smith', 'Johnson', 'Miller', 'Anderson', 'Thompson',
  'Walker', 'Harris', 'Bennett', 'Coleman', 'Fletcher', 'Hughes', 'Morrison', 'Parker', 'Reyes', 'Herrera', 'Castillo',
  'Mendoza', 'Ortega', 'Delgado', 'Aragon', 'Quintana', 'Valdez', 'Nguyen', 'Tran', 'Kim', 'Singh', 'Vang', 'Lor',
  'Okafor', 'Whitfield', 'Brennan', 'Kowalski', 'Lindqvist', 'Abeyta', 'Ulibarri', 'Fresquez', 'Cordova', 'Esquibel',
];

const PASSENGERS_PER_DIVISION: Record<string, number> = { NM01: 170, NM02: 75, NM03: 75, CA01: 60 };

export function personName(rng: Rng, used: Set<string>): { first: string; last: string; name: string } {
  for (;;) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    if (!used.has(name)) {
      used.add(name);
      return { first, last, name };
    }
  }
}

function dateOfBirth(rng: Rng): string {
  const y = rng.int(1932, 2004);
  return `${y}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

function memberId(rng: Rng, state: string, used: Set<string>): string {
  for (;;) {
    const id = `${state}${rng.digits(9)}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

function emailLocal(first: string, last: string): string {
  return `${first}.${last}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export interface CaseLoad {
  name: string;
  billTos: string[];
}

interface PassengerInput {
  id?: string;
  username?: string;
  types: string[];
  first: string;
  last: string;
  division: DivisionInfo;
  zip: string;
  plan: PlanInfo;
  billToId: string;
  requestedBy: string;
  usualService: string;
}

function addPassenger(ctx: DemoContext, p: PassengerInput, usedMembers: Set<string>): PassengerInfo {
  const { rng } = ctx;
  const name = `${p.first} ${p.last}`;
  const member = memberId(rng, p.plan.state, usedMembers);
  const { id } = addContact(ctx, {
    id: p.id,
    username: p.username,
    name,
    first_name: p.first,
    last_name: p.last,
    types: p.types,
    division_id: p.division.id,
    date_of_birth: dateOfBirth(rng),
    member_id: member,
    plan_id: p.plan.id,
  });
  const home = addAddress(ctx, id, streetAddress(rng, p.zip), 'Home');
  const area = areaCodeFor(p.division.code, p.zip);
  addPhone(ctx, id, fictionalPhone(rng, area), { type: 'Home', main: true });
  if (p.username || rng.chance(0.5)) addPhone(ctx, id, fictionalPhone(rng, area), { type: 'Cell', main: false, sms: true });
  if (p.username || rng.chance(0.4)) addEmail(ctx, id, `${emailLocal(p.first, p.last)}${rng.int(10, 99)}@mail.example`);
  return {
    id,
    name,
    memberId: member,
    planId: p.plan.id,
    lob: p.plan.lob,
    divisionId: p.division.id,
    billToId: p.billToId,
    requestedBy: p.requestedBy,
    home,
    usualService: p.usualService,
  };
}

export interface PeopleResult {
  passengers: PassengerInfo[];
  demoPassenger: PassengerInfo;
}

/**
 * Members of every division. The first members of Albuquerque are the demo case manager's case
 * load: their rides bill to her two accounts.
 */
export function addPassengers(
  ctx: DemoContext,
  divisions: DivisionInfo[],
  payers: Payers,
  caseLoad: CaseLoad,
  usedNames: Set<string>,
): PeopleResult {
  const { rng } = ctx;
  const usedMembers = new Set<string>();
  const passengers: PassengerInfo[] = [];
  const nm01 = divisions.find((d) => d.code === 'NM01')!;
  const plansOf = (state: string) => payers.plans.filter((p) => p.state === state);
  const pickPlan = (state: string) =>
    rng.weighted(plansOf(state).map((p) => [p, p.lob === 'Medicaid' ? 3 : 1] as const));

  const elPlan = plansOf('NM').find((p) => p.lob === 'Medicaid')!;
  usedNames.add('Eleanor Chavez');
  const demoPassenger = addPassenger(
    ctx,
    {
      id: DEMO_USER_IDS.passenger,
      username: 'passenger',
      types: ['Passenger', 'S/N Passenger'],
      first: 'Eleanor',
      last: 'Chavez',
      division: nm01,
      zip: '87110',
      plan: elPlan,
      billToId: payers.mcoBillTo.get(elPlan.mcoKey)!,
      requestedBy: 'Eleanor Chavez',
      usualService: '01',
    },
    usedMembers,
  );
  passengers.push(demoPassenger);

  for (const division of divisions) {
    const state = division.code.slice(0, 2);
    const programs = [...payers.programBillTo.values()].filter((b) => b.division === division.code);
    const count = PASSENGERS_PER_DIVISION[division.code] ?? 40;
    for (let i = 0; i < count; i++) {
      const { first, last, name } = personName(rng, usedNames);
      const plan = pickPlan(state);
      let billToId = payers.mcoBillTo.get(plan.mcoKey)!;
      let requestedBy = name;
      if (division.code === 'NM01' && i < 30) {
        billToId = caseLoad.billTos[i % caseLoad.billTos.length];
        requestedBy = caseLoad.name;
      } else if (programs.length > 0 && rng.chance(0.06)) {
        billToId = rng.pick(programs).id;
        requestedBy = 'Facility';
      }
      passengers.push(
        addPassenger(
          ctx,
          {
            types: ['Passenger'],
            first,
            last,
            division,
            zip: rng.pick(HOME_ZIPS[division.code]),
            plan,
            billToId,
            requestedBy,
            usualService: rng.weighted(SERVICE_TYPE_MIX),
          },
          usedMembers,
        ),
      );
    }
  }
  return { passengers, demoPassenger };
}

interface StaffDef {
  username: Exclude<DemoUsername, 'passenger' | 'casemanager' | 'partner' | 'partner2' | 'finance'>;
  first: string;
  last: string;
  division: string;
  ldapGroups: string[];
  adminAccess?: boolean;
  mfaRequired?: boolean;
}

const STAFF: readonly StaffDef[] = [
  { username: 'admin', first: 'Dana', last: 'Whitfield', division: 'NM01', ldapGroups: [], adminAccess: true },
  { username: 'dispatcher', first: 'Marisol', last: 'Trujillo', division: 'NM01', ldapGroups: ['Dispatch'] },
  { username: 'credentialing', first: 'Priya', last: 'Natarajan', division: 'NM01', ldapGroups: ['PartnerCredentialing'] },
  { username: 'fleet', first: 'Gabriel', last: 'Ortiz', division: 'NM02', ldapGroups: ['FleetManagement'] },
  { username: 'supervisor', first: 'Renee', last: 'Sandoval', division: 'NM01', ldapGroups: [], mfaRequired: true },
];

export interface LoginPartners {
  partner: PartnerInfo;
  partner2: PartnerInfo;
}

/** The demo logins other than the passenger (who is added with the members). */
export function addDemoUsers(
  ctx: DemoContext,
  partners: LoginPartners,
  caseManagerBillTos: string[],
  usedNames: Set<string>,
): CaseLoad {
  const { rng } = ctx;
  for (const s of STAFF) {
    usedNames.add(`${s.first} ${s.last}`);
    const { id } = addContact(ctx, {
      id: DEMO_USER_IDS[s.username],
      username: s.username,
      name: `${s.first} ${s.last}`,
      first_name: s.first,
      last_name: s.last,
      types: ['SecureEmployee'],
      ldap_groups: s.ldapGroups,
      admin_access: s.adminAccess ?? false,
      mfa_required: s.mfaRequired ?? false,
      division_id: ctx.divisionIds.get(s.division),
      employee_number: `E${rng.int(1000, 9999)}`,
    });
    addEmail(ctx, id, `${s.username}@tripline.example`);
    // the supervisor's second factor may go by SMS, so that phone must be an SMS-enabled cell
    if (s.mfaRequired) addPhone(ctx, id, fictionalPhone(rng, '505'), { type: 'Cell', main: true, sms: true });
    else addPhone(ctx, id, fictionalPhone(rng, '505'), { type: 'Work', main: true });
  }

  const partnerUsers = [
    { username: 'partner' as const, first: 'Kevin', last: 'Archuleta', company: partners.partner, area: '505', domain: 'sandiamobility' },
    { username: 'partner2' as const, first: 'Lorena', last: 'Baca', company: partners.partner2, area: '575', domain: 'riograndemedical' },
  ];
  for (const u of partnerUsers) {
    usedNames.add(`${u.first} ${u.last}`);
    const { id } = addContact(ctx, {
      id: DEMO_USER_IDS[u.username],
      username: u.username,
      name: `${u.first} ${u.last}`,
      first_name: u.first,
      last_name: u.last,
      types: ['Affiliate'],
      parent_id: u.company.id,
      division_id: u.company.divisionId,
    });
    addEmail(ctx, id, `${u.username}@${u.domain}.example`);
    addPhone(ctx, id, fictionalPhone(rng, u.area), { type: 'Cell', main: true, sms: true });
  }

  const cm = { first: 'Theresa', last: 'Montoya' };
  usedNames.add(`${cm.first} ${cm.last}`);
  const { id: cmId } = addContact(ctx, {
    id: DEMO_USER_IDS.casemanager,
    username: 'casemanager',
    name: `${cm.first} ${cm.last}`,
    first_name: cm.first,
    last_name: cm.last,
    types: ['Case Manager'],
    division_id: ctx.divisionIds.get('NM01'),
  });
  addEmail(ctx, cmId, 'casemanager@tripline.example');
  addPhone(ctx, cmId, fictionalPhone(rng, '505'), { type: 'Work', main: true });
  for (const billTo of caseManagerBillTos) ctx.caseManagerBillTos.add({ case_manager_id: cmId, bill_to_id: billTo });
  return { name: `${cm.first} ${cm.last}`, billTos: caseManagerBillTos };
}
