import { describe, expect, it } from 'vitest';
import { contactDisplayName, contactProblemMessage, contactProblems, newContactDefaults, type ContactRuleInput } from './rules.ts';
import { ContactInput } from './schemas.ts';

const person = (over: Partial<ContactRuleInput> = {}): ContactRuleInput => ({
  type1: 'Person',
  types: ['S/N Passenger'],
  firstName: 'Rosa',
  lastName: 'Montoya',
  locationType: 'Residence',
  phones: [],
  ...over,
});
const messages = (c: ContactRuleInput) => contactProblems(c).map((p) => p.message);

describe('new contact defaults (spec 2 §5, rule 125)', () => {
  it('makes a new Person a Residence with service 01 and type S/N Passenger', () => {
    expect(newContactDefaults('Person')).toEqual({ type1: 'Person', types: ['S/N Passenger'], locationType: 'Residence', serviceType: '01' });
  });
  it('gives a new Business neither', () => {
    expect(newContactDefaults('Business')).toEqual({ type1: 'Business', types: [], locationType: null, serviceType: null });
  });
});

describe('contact rules (spec 2 §5, rules 123–128)', () => {
  it('accepts a plain passenger', () => {
    expect(contactProblems(person())).toEqual([]);
    expect(contactProblemMessage([])).toBeNull();
  });

  it('refuses passenger and case manager together, with the form lead plus the detail', () => {
    const problems = contactProblems(person({ types: ['S/N Passenger', 'Case Manager'] }));
    expect(problems).toEqual([{ path: 'types', message: 'Contact cannot be both passenger and case manager' }]);
    expect(contactProblemMessage(problems)).toBe('Please fix all validation errors. Contact cannot be both passenger and case manager');
    expect(messages(person({ types: ['Corp Passenger', 'Case Manager'] }))).toEqual(['Contact cannot be both passenger and case manager']);
    expect(messages(person({ types: ['Case Manager'] }))).toEqual([]);
  });

  it('refuses a Business that is a Residence or an S/N Passenger', () => {
    const business = { type1: 'Business' as const, companyName: 'Sandia Dialysis', firstName: null, lastName: null };
    expect(messages(person({ ...business, types: ['Facility'], locationType: 'Residence' }))).toEqual(['A Business cannot have the location type Residence']);
    expect(messages(person({ ...business, types: ['S/N Passenger'], locationType: null }))).toEqual(['A Business cannot be an S/N Passenger']);
    expect(messages(person({ ...business, types: ['Facility'], locationType: 'Clinic' }))).toEqual([]);
  });

  it('allows one main phone, not two', () => {
    const phone = (main: boolean) => ({ phoneNumberWithAreaCode: '(505) 555-0101', main });
    expect(messages(person({ phones: [phone(true), phone(false)] }))).toEqual([]);
    expect(messages(person({ phones: [phone(true), phone(true)] }))).toEqual(['Only one phone can be main']);
  });

  it('flags a phone that is not (###) ###-####', () => {
    expect(contactProblems(person({ phones: [{ phoneNumberWithAreaCode: '555-0101', main: true }] }))).toEqual([
      { path: 'phones.0.phoneNumberWithAreaCode', message: 'A phone number is (###) ###-#### with an optional extension' },
    ]);
  });

  it('links bill-tos only to a Case Manager', () => {
    const billTo = ['3f2b0c9e-8d1a-4e5f-9a7b-1c2d3e4f5a6b'];
    expect(messages(person({ types: ['Case Manager'], caseManagerBillTos: billTo }))).toEqual([]);
    expect(messages(person({ caseManagerBillTos: billTo }))).toEqual(['Bill-tos can be linked only to a contact of type Case Manager']);
  });

  it('needs a name and a type', () => {
    expect(messages(person({ firstName: ' ', lastName: null }))).toEqual(['Enter a first or last name']);
    expect(messages(person({ types: [] }))).toEqual(['Choose at least one contact type']);
    expect(messages(person({ type1: 'Business', types: ['Facility'], locationType: null, companyName: '' }))).toEqual(['Enter the company name']);
  });

  it('names a Person by first, middle and last name, a Business by its company', () => {
    expect(contactDisplayName({ type1: 'Person', firstName: 'Rosa', middleName: 'M', lastName: 'Montoya' })).toBe('Rosa M Montoya');
    expect(contactDisplayName({ type1: 'Business', firstName: 'x', companyName: ' Sandia Dialysis ' })).toBe('Sandia Dialysis');
  });
});

describe('the contact body of POST contacts', () => {
  it('formats phones, trims texts and empties to null', () => {
    const c = ContactInput.parse({ type1: 'Person', types: ['S/N Passenger'], lastName: ' Montoya ', nickname: '', phones: [{ phoneNumberWithAreaCode: '+1 505 555 0101', main: true }] });
    expect(c.lastName).toBe('Montoya');
    expect(c.nickname).toBeNull();
    expect(c.phones[0]).toEqual({ phoneNumberWithAreaCode: '(505) 555-0101', type: 'Main', smsEnabled: false, main: true });
  });

  it('refuses a bad phone, label, ZIP and e-mail with readable messages', () => {
    const r = ContactInput.safeParse({
      type1: 'Person',
      types: ['S/N Passenger'],
      phones: [{ phoneNumberWithAreaCode: '555-01' }],
      emails: [{ email: 'rosa@' }],
      joinContactAddresses: [{ label: 'Residence', immutableAddress: { street: '1 Main St', zip: '8710' } }],
    });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toContain('A phone number is (###) ###-#### with an optional extension');
    expect(msgs).toContain('Enter an e-mail address like name@example.com');
    expect(msgs).toContain('An address label is Billing, Garage, Home, Office or Mailing');
    expect(msgs).toContain('A ZIP code is 5 digits, or 5 and 4 like 87102-1234');
  });

  it('refuses an empty address', () => {
    const r = ContactInput.safeParse({ type1: 'Person', types: ['S/N Passenger'], joinContactAddresses: [{ label: 'Home', immutableAddress: { street: '' } }] });
    expect(r.error?.issues[0]?.message).toBe('Enter a street, city or ZIP code for the address');
  });
});
