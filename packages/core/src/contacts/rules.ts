/**
 * The rules of a contact as a whole (spec 2 §5; rules 123–128): checked the same in the edit modal
 * and on the server, each problem with the path of its field.
 */
import type { AddressLabel, ContactKind } from './addresses.ts';
import { CONTACT_MSG, fixErrorsMessage } from './messages.ts';
import { mainPhoneCount, phoneProblem } from './phones.ts';

/** Contact types of spec 2 §3 beyond those the register already held (auth CONTACT_TYPES). */
export const MORE_CONTACT_TYPES = ['S/N Account', 'BillToGroup', 'Corp Passenger'] as const;

/** Types that make a contact a passenger. */
export const PASSENGER_TYPES: readonly string[] = ['Passenger', 'S/N Passenger', 'Corp Passenger'];
export const CASE_MANAGER_TYPE = 'Case Manager';

/** A contact whose record holds a passenger's health information (its views are access events). */
export function isPassengerContact(types: readonly string[]): boolean {
  return types.some((t) => PASSENGER_TYPES.includes(t));
}
export const RESIDENCE = 'Residence';

/** Service type of a new Person (spec 2 §5): 01, Ambulatory. */
export const DEFAULT_SERVICE_TYPE = '01';

export interface ContactDefaults {
  type1: ContactKind;
  types: string[];
  locationType: string | null;
  serviceType: string | null;
}

/** spec 2 §5: a new Person is a Residence, service 01, type S/N Passenger; a new Business has neither. */
export function newContactDefaults(kind: ContactKind): ContactDefaults {
  return kind === 'Person'
    ? { type1: 'Person', types: ['S/N Passenger'], locationType: RESIDENCE, serviceType: DEFAULT_SERVICE_TYPE }
    : { type1: 'Business', types: [], locationType: null, serviceType: null };
}

/** What the contact rules look at. */
export interface ContactRuleInput {
  type1: ContactKind;
  types: readonly string[];
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  locationType?: string | null;
  phones: readonly { phoneNumberWithAreaCode: string; main: boolean }[];
  caseManagerBillTos?: readonly string[];
  joinContactAddresses?: readonly { label: AddressLabel | string }[];
}

export interface ContactProblem {
  path: string;
  message: string;
}

const filled = (s: string | null | undefined) => !!s && s.trim() !== '';

/** Every problem of a contact, in the order of the form; empty when it may be saved. */
export function contactProblems(c: ContactRuleInput): ContactProblem[] {
  const out: ContactProblem[] = [];
  if (c.types.length === 0) out.push({ path: 'types', message: CONTACT_MSG.TYPE_REQUIRED });
  if (c.type1 === 'Person' && !filled(c.firstName) && !filled(c.lastName)) out.push({ path: 'lastName', message: CONTACT_MSG.PERSON_NAME });
  if (c.type1 === 'Business' && !filled(c.companyName)) out.push({ path: 'companyName', message: CONTACT_MSG.BUSINESS_NAME });
  const passenger = isPassengerContact(c.types);
  if (passenger && c.types.includes(CASE_MANAGER_TYPE)) out.push({ path: 'types', message: CONTACT_MSG.PASSENGER_AND_CASE_MANAGER });
  if (c.type1 === 'Business') {
    if (c.locationType === RESIDENCE) out.push({ path: 'locationType', message: CONTACT_MSG.BUSINESS_RESIDENCE });
    if (c.types.includes('S/N Passenger')) out.push({ path: 'types', message: CONTACT_MSG.BUSINESS_PASSENGER });
  }
  c.phones.forEach((p, i) => {
    const problem = phoneProblem(p.phoneNumberWithAreaCode);
    if (problem) out.push({ path: `phones.${i}.phoneNumberWithAreaCode`, message: problem });
  });
  if (mainPhoneCount(c.phones) > 1) out.push({ path: 'phones', message: CONTACT_MSG.ONE_MAIN_PHONE });
  if ((c.caseManagerBillTos?.length ?? 0) > 0 && !c.types.includes(CASE_MANAGER_TYPE)) {
    out.push({ path: 'caseManagerBillTos', message: CONTACT_MSG.BILL_TOS_CASE_MANAGER });
  }
  return out;
}

/** The form's message for its problems: null when there are none (spec 2 §5 'plus detail'). */
export function contactProblemMessage(problems: readonly ContactProblem[]): string | null {
  return problems[0] ? fixErrorsMessage(problems[0].message) : null;
}

/** The name a contact is listed under: the company for a Business, else 'First Middle Last'. */
export function contactDisplayName(c: { type1: ContactKind; firstName?: string | null; middleName?: string | null; lastName?: string | null; companyName?: string | null }): string {
  if (c.type1 === 'Business') return (c.companyName ?? '').trim();
  return [c.firstName, c.middleName, c.lastName].filter(filled).map((s) => s!.trim()).join(' ');
}
