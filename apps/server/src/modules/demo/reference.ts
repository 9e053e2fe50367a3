/**
 * Reference data of the demo operator: divisions and their counties, payers (MCOs, plans and
 * bill-to accounts), destinations, and the cancel and decline reasons partners choose from.
 */

export interface DivisionDef {
  code: string;
  name: string;
  state: string;
  timeZone: string;
  /** Share of the operator's daily trips. */
  share: number;
}

export const DIVISIONS: readonly DivisionDef[] = [
  { code: 'NM01', name: 'Albuquerque', state: 'NM', timeZone: 'America/Denver', share: 0.45 },
  { code: 'NM02', name: 'Santa Fe', state: 'NM', timeZone: 'America/Denver', share: 0.2 },
  { code: 'NM03', name: 'Las Cruces', state: 'NM', timeZone: 'America/Denver', share: 0.2 },
  { code: 'CA01', name: 'Fresno', state: 'CA', timeZone: 'America/Los_Angeles', share: 0.15 },
];

export interface CountyDef {
  fips: string;
  name: string;
  state: string;
  division: string;
}

export const COUNTIES: readonly CountyDef[] = [
  { fips: '35001', name: 'Bernalillo', state: 'NM', division: 'NM01' },
  { fips: '35043', name: 'Sandoval', state: 'NM', division: 'NM01' },
  { fips: '35061', name: 'Valencia', state: 'NM', division: 'NM01' },
  { fips: '35057', name: 'Torrance', state: 'NM', division: 'NM01' },
  { fips: '35049', name: 'Santa Fe', state: 'NM', division: 'NM02' },
  { fips: '35028', name: 'Los Alamos', state: 'NM', division: 'NM02' },
  { fips: '35039', name: 'Rio Arriba', state: 'NM', division: 'NM02' },
  { fips: '35013', name: 'Doña Ana', state: 'NM', division: 'NM03' },
  { fips: '35035', name: 'Otero', state: 'NM', division: 'NM03' },
  { fips: '35051', name: 'Sierra', state: 'NM', division: 'NM03' },
  { fips: '06019', name: 'Fresno', state: 'CA', division: 'CA01' },
  { fips: '06039', name: 'Madera', state: 'CA', division: 'CA01' },
];

export interface CancelReasonDef {
  label: string;
  requireStats: boolean;
  withCharge: boolean;
  staffOnly: boolean;
  /** Whoever cancels explains it in notes (spec 2 §5: unless the reason says otherwise). */
  requireNotes?: boolean;
}

export const CANCEL_REASONS: readonly CancelReasonDef[] = [
  { label: 'Advance Notice', requireStats: false, withCharge: false, staffOnly: false, requireNotes: false },
  { label: 'Late Cancel', requireStats: false, withCharge: true, staffOnly: false },
  { label: 'No Show', requireStats: true, withCharge: true, staffOnly: false },
  { label: 'Passenger Refused', requireStats: true, withCharge: true, staffOnly: false },
  { label: 'Appointment Cancelled', requireStats: false, withCharge: false, staffOnly: false },
  { label: 'Hospital Admission', requireStats: false, withCharge: false, staffOnly: false },
  { label: 'Weather', requireStats: false, withCharge: false, staffOnly: false },
  { label: 'Duplicate Trip', requireStats: false, withCharge: false, staffOnly: true, requireNotes: false },
  { label: 'Member Not Eligible', requireStats: false, withCharge: false, staffOnly: true },
  { label: 'Other', requireStats: false, withCharge: false, staffOnly: false },
];

export interface DeclineReasonDef {
  name: string;
  aliases: string[];
  alwaysVisible: boolean;
}

export const DECLINE_REASONS: readonly DeclineReasonDef[] = [
  { name: 'No Availability', aliases: ['No Driver Available', 'Fully Booked'], alwaysVisible: false },
  { name: 'Out of Service Area', aliases: ['Too Far', 'Outside Coverage'], alwaysVisible: false },
  { name: 'Vehicle Breakdown', aliases: ['Vehicle Down', 'Mechanical Problem'], alwaysVisible: false },
  { name: 'No Wheelchair Vehicle', aliases: ['No WC Van'], alwaysVisible: false },
  { name: 'Time Conflict', aliases: ['Cannot Make Pickup Time'], alwaysVisible: false },
  { name: 'Level of Service Mismatch', aliases: ['Needs Higher Level of Care'], alwaysVisible: false },
  { name: 'Other', aliases: [], alwaysVisible: true },
];

export interface PlanDef {
  name: string;
  code: string;
  lob: string;
}

export interface McoDef {
  key: string;
  name: string;
  states: readonly string[];
  plans: readonly PlanDef[];
  /** The MCO's NEMT benefit account that trips of its members bill to. */
  billTo: string;
}

export const MCOS: readonly McoDef[] = [
  {
    key: 'mesa',
    name: 'Mesa Verde Health Plan',
    states: ['NM'],
    billTo: 'Mesa Verde Health Plan – NEMT Benefit',
    plans: [
      { name: 'Mesa Verde Medicaid', code: 'MVHP-MCD', lob: 'Medicaid' },
      { name: 'Mesa Verde Advantage', code: 'MVHP-MA', lob: 'Medicare Advantage' },
    ],
  },
  {
    key: 'sunland',
    name: 'Sunland Community Health',
    states: ['NM'],
    billTo: 'Sunland Community Health – Transportation',
    plans: [
      { name: 'Sunland Medicaid', code: 'SCH-MCD', lob: 'Medicaid' },
      { name: 'Sunland Dual Complete', code: 'SCH-DSNP', lob: 'Medicare Advantage' },
    ],
  },
  {
    key: 'pinon',
    name: 'Piñon Care Partners',
    states: ['NM'],
    billTo: 'Piñon Care Partners – NEMT',
    plans: [{ name: 'Piñon Care Medicaid', code: 'PCP-MCD', lob: 'Medicaid' }],
  },
  {
    key: 'valley',
    name: 'Central Valley Health Alliance',
    states: ['CA'],
    billTo: 'Central Valley Health Alliance – Rides',
    plans: [
      { name: 'Valley Medi-Cal', code: 'CVHA-MCAL', lob: 'Medicaid' },
      { name: 'Valley Senior Advantage', code: 'CVHA-MA', lob: 'Medicare Advantage' },
    ],
  },
];

export interface ProgramBillToDef {
  name: string;
  division: string;
  zip: string;
}

/** Facilities and programs that pay for rides themselves. The first two belong to the demo case manager. */
export const PROGRAM_BILL_TOS: readonly ProgramBillToDef[] = [
  { name: 'Sandia Regional Hospital – Care Transitions', division: 'NM01', zip: '87106' },
  { name: 'Bernalillo County Senior Services', division: 'NM01', zip: '87102' },
  { name: 'Santa Fe Senior Programs', division: 'NM02', zip: '87505' },
  { name: 'Mesilla Valley Hospice', division: 'NM03', zip: '88011' },
  { name: 'Fresno County Adult Day Services', division: 'CA01', zip: '93721' },
];

export interface FacilityDef {
  name: string;
  division: string;
  zip: string;
  street: string;
  /** Appointment type of visits there. */
  apptType: string;
}

export const FACILITIES: readonly FacilityDef[] = [
  { name: 'Rio Grande Dialysis – Downtown', division: 'NM01', zip: '87102', street: 'Lead Ave SE', apptType: 'Dialysis' },
  { name: 'Sandia Kidney Center', division: 'NM01', zip: '87110', street: 'Menaul Blvd NE', apptType: 'Dialysis' },
  { name: 'Westside Dialysis', division: 'NM01', zip: '87120', street: 'Coors Blvd NW', apptType: 'Dialysis' },
  { name: 'Bosque Family Medicine', division: 'NM01', zip: '87107', street: 'Rio Grande Blvd NW', apptType: 'Primary Care' },
  { name: 'Central Avenue Health Clinic', division: 'NM01', zip: '87106', street: 'Central Ave SE', apptType: 'Primary Care' },
  { name: 'High Desert Heart & Vascular', division: 'NM01', zip: '87109', street: 'Montgomery Blvd NE', apptType: 'Cardiology' },
  { name: 'Petroglyph Physical Therapy', division: 'NM01', zip: '87114', street: 'Paseo del Norte NW', apptType: 'Physical Therapy' },
  { name: 'Westside Behavioral Health', division: 'NM01', zip: '87121', street: 'Unser Blvd SW', apptType: 'Behavioral Health' },
  { name: 'Rio Rancho Medical Plaza', division: 'NM01', zip: '87124', street: 'Southern Blvd SE', apptType: 'Specialist' },
  { name: 'Valencia Community Clinic', division: 'NM01', zip: '87031', street: 'Main St NW', apptType: 'Primary Care' },
  { name: 'Albuquerque Regional Cancer Care', division: 'NM01', zip: '87102', street: 'Oak St NE', apptType: 'Oncology' },
  { name: 'Northeast Heights Eye Clinic', division: 'NM01', zip: '87111', street: 'Juan Tabo Blvd NE', apptType: 'Ophthalmology' },
  { name: 'Lomas Pharmacy & Medical Supply', division: 'NM01', zip: '87108', street: 'Lomas Blvd NE', apptType: 'Pharmacy' },
  { name: 'Santa Fe Dialysis Center', division: 'NM02', zip: '87505', street: 'Galisteo St', apptType: 'Dialysis' },
  { name: 'Cerrillos Road Family Clinic', division: 'NM02', zip: '87507', street: 'Cerrillos Rd', apptType: 'Primary Care' },
  { name: 'Sangre de Cristo Cardiology', division: 'NM02', zip: '87501', street: 'St Michaels Dr', apptType: 'Cardiology' },
  { name: 'Los Alamos Medical Group', division: 'NM02', zip: '87544', street: 'Diamond Dr', apptType: 'Specialist' },
  { name: 'Española Valley Health Center', division: 'NM02', zip: '87532', street: 'Paseo de Oñate', apptType: 'Primary Care' },
  { name: 'Canyon Road Physical Therapy', division: 'NM02', zip: '87501', street: 'Paseo de Peralta', apptType: 'Physical Therapy' },
  { name: 'Plaza Pharmacy Santa Fe', division: 'NM02', zip: '87505', street: 'Rodeo Rd', apptType: 'Pharmacy' },
  { name: 'Mesilla Valley Dialysis', division: 'NM03', zip: '88001', street: 'S Telshor Blvd', apptType: 'Dialysis' },
  { name: 'Organ Mountain Family Practice', division: 'NM03', zip: '88011', street: 'Lohman Ave', apptType: 'Primary Care' },
  { name: 'Las Cruces Heart Center', division: 'NM03', zip: '88011', street: 'Roadrunner Pkwy', apptType: 'Cardiology' },
  { name: 'Picacho Physical Therapy', division: 'NM03', zip: '88005', street: 'W Picacho Ave', apptType: 'Physical Therapy' },
  { name: 'Alamogordo Community Clinic', division: 'NM03', zip: '88310', street: 'N White Sands Blvd', apptType: 'Primary Care' },
  { name: 'Anthony Health Center', division: 'NM03', zip: '88021', street: 'Main St', apptType: 'Primary Care' },
  { name: 'Desert Springs Behavioral Health', division: 'NM03', zip: '88007', street: 'N Valley Dr', apptType: 'Behavioral Health' },
  { name: 'Solano Drive Pharmacy', division: 'NM03', zip: '88001', street: 'S Solano Dr', apptType: 'Pharmacy' },
  { name: 'Fresno Kidney Care', division: 'CA01', zip: '93701', street: 'E Belmont Ave', apptType: 'Dialysis' },
  { name: 'Clovis Community Dialysis', division: 'CA01', zip: '93612', street: 'Herndon Ave', apptType: 'Dialysis' },
  { name: 'Blackstone Family Medicine', division: 'CA01', zip: '93726', street: 'N Blackstone Ave', apptType: 'Primary Care' },
  { name: 'Valley Cardiology Associates', division: 'CA01', zip: '93711', street: 'W Herndon Ave', apptType: 'Cardiology' },
  { name: 'Shaw Avenue Physical Therapy', division: 'CA01', zip: '93710', street: 'E Shaw Ave', apptType: 'Physical Therapy' },
  { name: 'Sanger Health Center', division: 'CA01', zip: '93657', street: 'Jensen Ave', apptType: 'Primary Care' },
  { name: 'Madera Community Clinic', division: 'CA01', zip: '93637', street: 'N Gateway Dr', apptType: 'Primary Care' },
  { name: 'Tower District Pharmacy', division: 'CA01', zip: '93728', street: 'N Olive Ave', apptType: 'Pharmacy' },
];

/** Appointment type of a destination, also for destinations read back from the database. */
export function apptTypeOf(facilityName: string): string {
  const known = FACILITIES.find((f) => f.name === facilityName);
  if (known) return known.apptType;
  if (/dialysis|kidney/i.test(facilityName)) return 'Dialysis';
  if (/pharmacy/i.test(facilityName)) return 'Pharmacy';
  return 'Medical';
}

/**
 * Service types with the trip mix of a typical operator: about 60% ambulatory, 30% wheelchair,
 * 5% stretcher and 5% everything else.
 */
export const SERVICE_TYPE_MIX: readonly (readonly [string, number])[] = [
  ['01', 60],
  ['03', 30],
  ['05', 5],
  ['92', 1.5],
  ['91', 0.5],
  ['06', 1],
  ['80', 1],
  ['99', 1],
];

export const AMBULATORY_STATUS: Record<string, string> = {
  '01': 'Ambulatory',
  '03': 'Wheelchair',
  '05': 'Stretcher',
  '06': 'Ambulatory',
  '80': 'Ambulatory',
  '91': 'Stretcher',
  '92': 'Stretcher',
  '99': 'Ambulatory',
};

/** Illustrative partner pay per leg: a base plus a rate per mile by level of service. */
export function legRate(serviceType: string, miles: number): { base: number; total: number } {
  const [base, perMile] =
    serviceType === '03' ? [35, 2.5] : serviceType === '05' || serviceType === '91' || serviceType === '92' ? [75, 3.5] : [20, 2];
  return { base, total: Math.round((base + perMile * miles) * 100) / 100 };
}

/**
 * Terms of the demo plans (spec 3 §3 "Member plan"), by plan code: Medicaid plans carry a yearly
 * trip limit, 24 hours' notice and a month of grace; the Advantage plans a lower limit; one plan
 * allows no override of a failed check.
 */
export interface PlanTermsDef {
  tripLimitCount: number | null;
  gracePeriodDays: number;
  advanceNoticeHoursMin: number | null;
  advanceNoticeDaysMax: number | null;
  preventOverrides: boolean;
  includedServiceTypes: readonly string[];
}

const MEDICAID_SERVICES = ['01', '03', '05', '06', '80', '91', '92', '99'];
const ADVANTAGE_SERVICES = ['01', '03', '05'];

export const PLAN_TERMS: Readonly<Record<string, PlanTermsDef>> = {
  'MVHP-MCD': { tripLimitCount: 200, gracePeriodDays: 30, advanceNoticeHoursMin: 24, advanceNoticeDaysMax: 60, preventOverrides: false, includedServiceTypes: MEDICAID_SERVICES },
  'MVHP-MA': { tripLimitCount: 48, gracePeriodDays: 0, advanceNoticeHoursMin: null, advanceNoticeDaysMax: 30, preventOverrides: false, includedServiceTypes: ADVANTAGE_SERVICES },
  'SCH-MCD': { tripLimitCount: 200, gracePeriodDays: 30, advanceNoticeHoursMin: 24, advanceNoticeDaysMax: 60, preventOverrides: false, includedServiceTypes: MEDICAID_SERVICES },
  'SCH-DSNP': { tripLimitCount: 60, gracePeriodDays: 15, advanceNoticeHoursMin: null, advanceNoticeDaysMax: 30, preventOverrides: false, includedServiceTypes: ADVANTAGE_SERVICES },
  'PCP-MCD': { tripLimitCount: 150, gracePeriodDays: 30, advanceNoticeHoursMin: 48, advanceNoticeDaysMax: 60, preventOverrides: false, includedServiceTypes: MEDICAID_SERVICES },
  'CVHA-MCAL': { tripLimitCount: null, gracePeriodDays: 30, advanceNoticeHoursMin: 24, advanceNoticeDaysMax: 90, preventOverrides: false, includedServiceTypes: MEDICAID_SERVICES },
  'CVHA-MA': { tripLimitCount: 36, gracePeriodDays: 0, advanceNoticeHoursMin: null, advanceNoticeDaysMax: 30, preventOverrides: true, includedServiceTypes: ADVANTAGE_SERVICES },
};

/**
 * Appointment types (spec 3 §3: code, display, billToIds), sorted by code. The codes are what trip
 * legs carry; a type with bill-tos is offered only to those accounts.
 */
export const APPOINTMENT_TYPES: readonly { code: string; display: string; billTos?: readonly string[] }[] = [
  { code: 'Adult Day', display: 'Adult Day Program', billTos: ['Fresno County Adult Day Services'] },
  { code: 'Behavioral Health', display: 'Behavioral Health' },
  { code: 'Cardiology', display: 'Cardiology' },
  { code: 'Dialysis', display: 'Dialysis' },
  { code: 'Hospice Visit', display: 'Hospice Visit', billTos: ['Mesilla Valley Hospice'] },
  { code: 'Medical', display: 'Medical (other)' },
  { code: 'Oncology', display: 'Oncology' },
  { code: 'Ophthalmology', display: 'Ophthalmology' },
  { code: 'Pharmacy', display: 'Pharmacy' },
  { code: 'Physical Therapy', display: 'Physical Therapy' },
  { code: 'Primary Care', display: 'Primary Care' },
  { code: 'Specialist', display: 'Specialist' },
];

/** Whom passengers see at clinics (apptToSee), picked per clinic and passenger. */
export const CLINICIANS: readonly string[] = [
  'Dr. Anaya', 'Dr. Begay', 'Dr. Castillo', 'Dr. Duran', 'Dr. Esquibel', 'Dr. Gallegos', 'Dr. Lujan', 'Dr. Nguyen', 'Dr. Patel', 'Dr. Yazzie',
];

/** The hospital's case managers want riders there half an hour before the appointment. */
export const BILL_TO_ON_TIME_RULES: Readonly<Record<string, { pickupEarlyMinutes: number; pickupLateMinutes: number; arriveBeforeApptMinutes: number }>> = {
  'Sandia Regional Hospital – Care Transitions': { pickupEarlyMinutes: 10, pickupLateMinutes: 10, arriveBeforeApptMinutes: 30 },
};
