import { z } from 'zod';
import {
  ContactInput,
  ContactRecord,
  ContactSaved,
  ContactWebFields,
  MemberCoverage,
  MemberTripAuthorization,
  MemberTripAuthorizationInput,
} from '../contacts/schemas.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { text } from './text.ts';

// Saving a contact: its fields, phones, emails, addresses, special requests and member trip authorizations (spec 2 §3, 3 §2, §5).

const STAFF = { roles: ['SecureEmployee'] } as const;
const required = (what: string) => ({ error: (iss: { input: unknown }) => (iss.input === undefined ? `Missing ${what}` : 'Must be a record id') });
const ContactId = z.uuid(required('contact id'));

export const contactDetailEndpoints = {
  contactRecord: endpoint({
    method: 'GET',
    path: 'contact',
    area: 'contacts',
    summary:
      "One contact whole, as the edit modal reads it (spec 2 §3): its fields, phones, e-mails, addresses (joinContactAddresses with their immutableAddress), linked bill-tos and special requests; street … lat/lng are its first address's. Deleted contacts are read too (marked deleted). Opening a passenger is logged as an access event.",
    access: STAFF,
    answers: [404],
    query: z.object({ id: ContactId }),
    response: ContactRecord,
  }),
  saveContact: endpoint({
    method: 'POST',
    path: 'contacts',
    area: 'contacts',
    summary:
      "Creates a contact (no id) or changes one (id and the modCount read; stale: 409 with the server's copy). Checked as the edit modal checks (spec 2 §5): 'Please fix all validation errors.' plus the detail; not both passenger and case manager; a Business is not a Residence or S/N Passenger; one main phone; bill-tos only for a Case Manager; the division from the first address's ZIP when none is given ('Unable to determine division for ZIP'). A changed address is written as a new address row and its join re-pointed, so trips keep theirs; addresses are geocoded (spec 3 §5) unless placed by hand. deleted=true deletes the contact (kept, hidden) and ends its sessions. Audited with before and after.",
    access: STAFF,
    answers: [404, 409],
    body: ContactInput,
    response: ContactSaved,
  }),
  contactWebFields: endpoint({
    method: 'GET',
    path: 'contact-web-fields',
    area: 'contacts',
    summary: "A contact's web fields: its preferred partner (prefProvider) and that partner's name.",
    access: STAFF,
    answers: [404],
    query: z.object({ id: ContactId }),
    response: ContactWebFields,
  }),
  saveContactWebFields: endpoint({
    method: 'POST',
    path: 'contact-web-fields',
    area: 'contacts',
    summary:
      "Sets a contact's preferred partner (prefProvider, a partner company's id) or clears it (prefProvider empty; SecureEmployee only). Audited.",
    access: STAFF,
    answers: [404],
    query: z.object({
      id: ContactId,
      prefProvider: z
        .union([z.literal(''), z.uuid('prefProvider must be a partner id, or empty to clear it')])
        .optional()
        .transform((s) => (s ? s : null)),
    }),
    response: ContactWebFields,
  }),
  memberTripAuthorizations: endpoint({
    method: 'GET',
    path: 'member-trip-authorizations',
    area: 'contacts',
    summary: "A passenger's member trip authorizations (spec 3 §3), newest first; removed ones never.",
    access: STAFF,
    answers: [404],
    query: z.object({ passengerId: z.uuid(required('passenger id')) }),
    response: z.array(MemberTripAuthorization),
  }),
  addMemberTripAuthorization: endpoint({
    method: 'POST',
    path: 'member-trip-authorizations',
    area: 'contacts',
    summary:
      "Adds a member trip authorization to a saved passenger (type LongDistance unless given; bill-to and facility must exist). Audited.",
    access: STAFF,
    answers: [404],
    body: MemberTripAuthorizationInput,
    response: MemberTripAuthorization,
  }),
  removeMemberTripAuthorization: endpoint({
    method: 'DELETE',
    path: 'member-trip-authorization',
    area: 'contacts',
    summary: 'Removes a member trip authorization (kept, marked deleted). Audited.',
    access: STAFF,
    answers: [404],
    query: z.object({ id: z.uuid(required('authorization id')) }),
    response: z.object({ id: text(), deleted: z.literal(true) }),
  }),
  coveragesByMember: endpoint({
    method: 'GET',
    path: 'coverages',
    area: 'contacts',
    summary:
      'Coverages of a member id as shown on the card (memberDisplayCode, any case), of one bill-to when billToId is given, each with its passenger and status today; read only.',
    access: STAFF,
    query: z.object({
      memberDisplayCode: text().trim().min(1, 'Enter a member id').max(40, 'A member id has at most 40 characters'),
      billToId: z.uuid('billToId must be a record id').optional(),
    }),
    response: z.array(MemberCoverage),
  }),
} satisfies Record<string, Endpoint>;
