import { z } from 'zod';
import { CONTACT_TYPES } from '../auth/roles.ts';
import { TYPEAHEAD_MIN_CHARS } from '../shell/constants.ts';
import { CONTACT_SEARCH_TEXT } from '../contact-search/rank.ts';
import { Uuid } from './auth.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { text } from './text.ts';

// The contact register and its one search (spec 1 §2, 2 §2–§3; rules.md 'Contacts, vehicles, addresses, phones').

const SearchText = text()
  .trim()
  .min(TYPEAHEAD_MIN_CHARS, `Type at least ${TYPEAHEAD_MIN_CHARS} characters`)
  .max(100, 'Search text is too long');
const recordId = (what: string) => z.uuid({ error: `${what} must be a record id` });
const ContactType = z.enum(CONTACT_TYPES, { error: `Unknown contact type; one of ${CONTACT_TYPES.join(', ')}` });
const flag = (name: string) => z.union([z.boolean(), z.stringbool({ error: `${name} must be true or false` })]);

/** What the register shows of a contact (spec 2 §2): one row of the list. */
export const ContactRow = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  name: text(),
  types: z.array(text()),
  dob: text().nullable(),
  memberId: text().nullable(),
  /** Ten digits as stored. */
  mainPhone: text().nullable(),
  city: text().nullable(),
  /** The division's code (NM01). */
  division: text().nullable(),
  parentId: Uuid.nullable(),
  parentName: text().nullable(),
  employeeNumber: text().nullable(),
  deleted: z.boolean(),
  /** Markers the list shows beside the name: deleted, and where recorded infectious, elevated, hold. */
  badges: z.array(z.enum(['deleted', 'infectious', 'elevated', 'hold'])),
});
export type ContactRow = z.infer<typeof ContactRow>;

export const ContactList = z.object({ contacts: z.array(ContactRow), more: z.boolean() });

export const ContactsQuery = z
  .object({
    id: recordId('id').optional(),
    q: SearchText.optional(),
    memberId: text().trim().min(1).max(40, 'A member id has at most 40 characters').optional(),
    /** An employee: the contact's id or its employee number. */
    employeeId: text().trim().min(1).max(40, 'An employee id has at most 40 characters').optional(),
    type: ContactType.optional(),
    division: text().trim().regex(/^[A-Za-z]{2}\d{2}$/, 'A division is two letters and two digits, like NM01').optional(),
    parentId: recordId('parentId').optional(),
    includeDeleted: flag('includeDeleted').default(false),
  })
  .refine((q) => Boolean(q.id ?? q.q ?? q.memberId ?? q.employeeId ?? q.type ?? q.parentId), { message: CONTACT_SEARCH_TEXT.enterTerm, path: ['q'] });

/** A contact as the pickers of other screens need it: who, what and whose. */
export const ContactMinimal = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  name: text(),
  types: z.array(text()),
  parentId: Uuid.nullable(),
  employeeNumber: text().nullable(),
  deleted: z.boolean(),
});

export const ContactsMinimalQuery = z
  .object({
    id: recordId('id').optional(),
    employeeId: text().trim().min(1).max(40, 'An employee id has at most 40 characters').optional(),
    type: ContactType.optional(),
    parentId: recordId('parentId').optional(),
  })
  .refine((q) => Boolean(q.id ?? q.employeeId ?? (q.type && q.parentId)), { message: 'Give an id, an employeeId, or a type and a parentId', path: ['id'] });

/** A member of a plan's enrollment file (834), and the contact that already holds the member id. */
export const EnrollmentMember = z.object({
  id: Uuid,
  memberId: text(),
  planId: Uuid.nullable(),
  planName: text().nullable(),
  name: text(),
  dob: text().nullable(),
  street: text().nullable(),
  city: text().nullable(),
  state: text().nullable(),
  zip: text().nullable(),
  phone: text().nullable(),
  dateBegin: text(),
  dateEnd: text().nullable(),
  source: text(),
  contactId: Uuid.nullable(),
  contactNumber: z.number().int().nullable(),
});
export type EnrollmentMember = z.infer<typeof EnrollmentMember>;

export const MemberList = z.object({ members: z.array(EnrollmentMember), more: z.boolean() });

export const ContactFrom834 = z.object({
  /** False when a contact already held the member id: that one is answered, none is made. */
  created: z.boolean(),
  contact: ContactRow,
});

export const AffiliateOption = z.object({ id: Uuid, contactNumber: z.number().int(), name: text(), division: text().nullable() });

export const contactEndpoints = {
  contacts: endpoint({
    method: 'GET',
    path: 'contacts',
    area: 'contacts',
    summary:
      "The contact register (spec 2 §2): q is the one contact search (name words in any order, a phone or its last 4+ digits, contact number, member id or a date of birth), ranked, the top 50 and whether there are more; id, memberId, employeeId (id or employee number), type and parentId find or filter, division narrows, includeDeleted adds deleted contacts. Rows in the caller's scope only; opening a passenger by id is recorded as an access event.",
    access: { signedIn: true },
    answers: [404],
    query: ContactsQuery,
    response: ContactList,
  }),
  contactsMinimal: endpoint({
    method: 'GET',
    path: 'contacts-minimal',
    area: 'contacts',
    summary: 'Contacts in brief: one by id or by employeeId (id or employee number), or those of a type under a parent (a partner’s drivers). Rows in the caller’s scope only.',
    access: { signedIn: true },
    answers: [404],
    query: ContactsMinimalQuery,
    response: z.array(ContactMinimal),
  }),
  members: endpoint({
    method: 'GET',
    path: 'members',
    area: 'contacts',
    summary:
      "The 834 search (spec 2 §7): members of the plans' enrollment files by the contact search (name words, member id or date of birth), each with the contact that already holds its member id; the top 50 and whether there are more.",
    access: { roles: ['SecureEmployee'] },
    query: z.object({ q: SearchText }),
    response: MemberList,
  }),
  createContactFrom834: endpoint({
    method: 'POST',
    path: 'create-contact-from-834',
    area: 'contacts',
    summary:
      'Makes a passenger contact of an 834 member (name, date of birth, member id, plan, home address and phone). Never a duplicate: when a contact already holds the member id it is answered (created false) and nothing is written; a deleted one is refused with a 400 saying so.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ id: recordId('id') }),
    response: ContactFrom834,
  }),
  affiliateOptions: endpoint({
    method: 'GET',
    path: 'api/autocomplete/affiliates',
    area: 'contacts',
    summary: 'Partner companies for pickers, by name; q narrows (name words or contact number). An Affiliate gets its own company only.',
    access: { roles: ['SecureEmployee', 'Affiliate'] },
    query: z.object({ q: text().trim().max(100, 'Search text is too long').optional() }),
    response: z.array(AffiliateOption),
  }),
} satisfies Record<string, Endpoint>;

