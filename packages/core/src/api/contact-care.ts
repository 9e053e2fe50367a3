import { z } from 'zod';
import {
  BlacklistEntry,
  BlacklistInput,
  BlacklistQuery,
  CareSummary,
  ContactTrip,
  DuplicateCandidate,
  HoldInput,
  HoldResult,
  InfectiousDisease,
  InfectiousDiseaseInput,
  InfectiousDiseaseQuery,
  MergeInput,
  MergeResult,
  ProviderHold,
  TripDaysQuery,
} from '../contact-care/schemas.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

export * from '../contact-care/schemas.ts';

// Infectious diseases, partner holds, blacklists, duplicates and merging contacts (spec 1 §7, 2 §3, 3 §2).

const STAFF = { roles: ['SecureEmployee'] } as const;

export const contactCareEndpoints = {
  infectiousDiseases: endpoint({
    method: 'GET',
    path: 'infectious-diseases',
    area: 'contacts',
    summary: "A contact's infectious diseases, newest first; with date, only those active that day (not cancelled, within their dates).",
    access: STAFF,
    answers: [404],
    query: InfectiousDiseaseQuery,
    response: z.array(InfectiousDisease),
  }),
  saveInfectiousDisease: endpoint({
    method: 'POST',
    path: 'infectious-diseases',
    area: 'contacts',
    summary:
      "Records or changes (id, modCount) an infectious disease of a saved contact ('You must save the contact first'); the end defaults to 5 days after the start; agentName is the recording user. The passenger's legs in the window get infectiousDiseaseFlag set or cleared at once.",
    access: STAFF,
    answers: [404, 409],
    body: InfectiousDiseaseInput,
    response: InfectiousDisease,
  }),
  providerHolds: endpoint({
    method: 'GET',
    path: 'provider-holds',
    area: 'contacts',
    summary: "A partner's holds, newest first (2078-12-31: open-ended).",
    access: STAFF,
    answers: [404],
    query: z.object({ providerId: HoldInput.shape.providerId }),
    response: z.array(ProviderHold),
  }),
  placeHold: endpoint({
    method: 'POST',
    path: 'provider-holds',
    area: 'contacts',
    summary:
      "Places a hold on a partner, at once and for good (the confirmation says 'not undoable, severe consequences for the partner'): NoNewTrips refuses assignments in the window, Suspension also takes the partner's unstarted trips there from it. dryRun lists those trips without placing the hold.",
    access: STAFF,
    body: HoldInput,
    response: HoldResult,
  }),
  blacklists: endpoint({
    method: 'GET',
    path: 'blacklists',
    area: 'contacts',
    summary: "A passenger's blacklist (the partners they will not ride with) or a partner's (the passengers it will not carry), removed entries last.",
    access: STAFF,
    query: BlacklistQuery,
    response: z.array(BlacklistEntry),
  }),
  saveBlacklist: endpoint({
    method: 'POST',
    path: 'blacklists',
    area: 'contacts',
    summary:
      "Adds or changes (id, modCount) a blacklist entry between a saved passenger and a saved partner (spec 3 §5 texts); requestedBy Passenger, Partner or Operator; deleted removes it. A blacklisted partner is refused the passenger's trips.",
    access: STAFF,
    answers: [404, 409],
    body: BlacklistInput,
    response: BlacklistEntry,
  }),
  contactDupCheck: endpoint({
    method: 'GET',
    path: 'contact-dup-check',
    area: 'contacts',
    summary: 'Contacts that may be the same as this one: a similar name plus the same date of birth, member id, phone or address, with the reasons.',
    access: STAFF,
    answers: [404],
    query: z.object({ contactId: z.uuid({ error: 'Missing record id' }) }),
    response: z.array(DuplicateCandidate),
  }),
  contactMerge: endpoint({
    method: 'POST',
    path: 'contact-merge',
    area: 'contacts',
    summary:
      'Merges mergeId into keepId in one transaction (both modCounts, 409 when stale): every reference to the merged contact moves to the kept one, phones, emails and addresses without repeats, types united; the merged contact is deleted and points to the kept one. dryRun (the default) answers the same counts without writing.',
    access: STAFF,
    answers: [404, 409],
    body: MergeInput,
    response: MergeResult,
  }),
  contactCareSummary: endpoint({
    method: 'GET',
    path: 'contact-care-summary',
    area: 'contacts',
    summary: 'What the contact inspect modal heads with: name, number, types, sign-in, merged into, preferred partner.',
    access: STAFF,
    answers: [404],
    query: z.object({ contactId: z.uuid({ error: 'Missing record id' }) }),
    response: CareSummary,
  }),
  contactTripDays: endpoint({
    method: 'GET',
    path: 'contact-trips',
    area: 'contacts',
    summary: "The trips a contact rides, drives, serves as partner or pays for, from one day to another (at most 62 days), for the inspect modal's calendar.",
    access: STAFF,
    answers: [404],
    query: TripDaysQuery,
    response: z.array(ContactTrip),
  }),
} satisfies Record<string, Endpoint>;
