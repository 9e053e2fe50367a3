import { z } from 'zod';
import { Uuid } from './auth.ts';
import { text } from './text.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import {
  AppointmentTypeOption,
  ApptToSeeOption,
  AutocompleteContactQuery,
  ContactOption,
  CoverageCheckInput,
  CoverageCheckResult,
  CoverageLookup,
  GuessApptType,
  OnTimeRuleAnswer,
  WillCallDurationGuess,
} from '../coverage/schemas.ts';

export * from '../coverage/schemas.ts';

// Coverage, appointment types and the reservation look-ups (spec 2 §7; DECISIONS 10).

const required = (what: string) => ({ error: (iss: { input: unknown }) => (iss.input === undefined ? `Missing ${what}` : 'Must be a record id') });
const PassengerId = z.uuid(required('passenger id'));

export const coverageEndpoints = {
  autocompleteContact: endpoint({
    method: 'GET',
    path: 'admin/autocomplete-contact',
    area: 'contacts',
    summary:
      'Contact typeahead of the editors (3 characters, 300 ms): name prefix or word, contact number or member id; deleted contacts never. type/type2 (S/N Passenger also finds Passenger), empClass, billToId (passengers it covers), locationType (an address label), passengerId (places they visited first), origin and proximity (miles). Case managers find only passengers covered by their bill-tos.',
    access: { roles: ['SecureEmployee', 'Case Manager'] },
    query: AutocompleteContactQuery,
    response: z.array(ContactOption),
  }),
  coverageLookup: endpoint({
    method: 'GET',
    path: 'coverage-check',
    area: 'contacts',
    summary:
      "The quick coverage lookup of a contact (DECISIONS 10): each coverage with its status today and trips this year against the limit. Case managers see only coverages of their bill-tos, and a contact without one is not found.",
    access: { roles: ['SecureEmployee', 'Case Manager'] },
    answers: [404],
    query: z.object({ contactId: z.uuid(required('contact id')) }),
    response: CoverageLookup,
  }),
  coverageCheck: endpoint({
    method: 'POST',
    path: 'coverage-check',
    area: 'trips',
    summary:
      "The full coverage check of a booking (spec 2 §5, §7; DECISIONS 10): coverage Active on the date (plan dates, grace days), service type included, appointment type allowed for the bill-to, the yearly trip limit (a warning from 85 %), advance notice from created. Answers the first failure as error; a failure blocks saving unless authorizedBy is given and the plan allows overrides. Also the partners serving the pickup's ZIP code.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: CoverageCheckInput,
    response: CoverageCheckResult,
  }),
  appointmentTypeOptions: endpoint({
    method: 'GET',
    path: 'appointment-type-options',
    area: 'trips',
    summary: 'Appointment types offered for a bill-to (those limited to other bill-tos left out), sorted by code; q filters by code or name.',
    access: { roles: ['SecureEmployee'] },
    query: z.object({ billToId: Uuid.optional(), q: text().trim().max(60, 'Search text is too long').optional() }),
    response: z.array(AppointmentTypeOption),
  }),
  guessApptType: endpoint({
    method: 'GET',
    path: 'guess-appt-type',
    area: 'trips',
    summary: "The appointment type the passenger most often had at the destination (ties: the latest); null without history.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ passengerId: PassengerId, locationSecondId: z.uuid(required('destination id')) }),
    response: GuessApptType,
  }),
  apptToSeeOptions: endpoint({
    method: 'GET',
    path: 'appt-to-see-options',
    area: 'trips',
    summary: 'Whom passengers have seen at a place (the legs\u2019 apptToSee), most visited first.',
    access: { roles: ['SecureEmployee'] },
    query: z.object({ locationId: z.uuid(required('location id')) }),
    response: z.array(ApptToSeeOption),
  }),
  guessWillCallDuration: endpoint({
    method: 'GET',
    path: 'guess-will-call-duration',
    area: 'trips',
    summary:
      "How long the passenger usually stays before a will-call return: the median time from drop-off at the destination to the return's pickup over past visits (the destination's, else the appointment type's), with a confidence of 0–1; nulls without history.",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({
      passengerId: PassengerId,
      apptType: text().trim().min(1).max(60, 'An appointment type has at most 60 characters').optional(),
      destinationId: Uuid.optional(),
    }),
    response: WillCallDurationGuess,
  }),
  onTimeRuleService: endpoint({
    method: 'GET',
    path: 'on-time-rule-service',
    area: 'trips',
    summary: "The on-time rule of a passenger's trips: the passenger's own, else the bill-to's (billToId, else the passenger's coverage today), else the operator's (±10 minutes).",
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ passengerId: PassengerId, billToId: Uuid.optional() }),
    response: OnTimeRuleAnswer,
  }),
} satisfies Record<string, Endpoint>;
