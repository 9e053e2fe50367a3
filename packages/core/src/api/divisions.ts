import { z } from 'zod';
import { Uuid } from './auth.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  Division,
  DivisionSave,
  ElevatedMember,
  ElevatedMemberSave,
  ElevatedMembersQuery,
  WatchListApplied,
  WatchListApply,
  WatchListPreview,
  ZipCodeInfo,
  ZipCodeQuery,
} from '../divisions/schemas.ts';

// Divisions, ZIP codes and the watch list of elevated members (spec 1 §2, 3 §2).

export const divisionEndpoints = {
  divisions: endpoint({
    method: 'GET',
    path: 'divisions',
    area: 'divisions',
    summary: 'Every division with its code, name, state, time zone, modCount and counties, by code.',
    access: { roles: ['SecureEmployee', 'Affiliate'] },
    response: z.array(Division),
  }),
  divisionSave: endpoint({
    method: 'POST',
    path: 'divisions',
    area: 'divisions',
    summary:
      "Adds a division (no id) or changes one (id and the modCount loaded; a stale one answers 409 with the server's copy). `counties` is the division's whole county list: counties of another division move here (that division's modCount goes up too), counties left out belong to no division. Administrators only; audited.",
    access: { roles: ['Admin'] },
    answers: [404, 409],
    body: DivisionSave,
    response: Division,
  }),
  zipCode: endpoint({
    method: 'GET',
    path: 'zip-codes',
    area: 'divisions',
    summary:
      "A ZIP code's city, state, county and division (ZIP → county → division). division is null when the county belongs to none ('Unable to determine division for ZIP'); an unknown ZIP answers 404.",
    access: { roles: ['SecureEmployee', 'Affiliate'] },
    answers: [404],
    query: ZipCodeQuery,
    response: ZipCodeInfo,
  }),
  elevatedMembers: endpoint({
    method: 'GET',
    path: 'elevated-members',
    area: 'watchlist',
    summary: 'The watch list of elevated members: passenger, reason, dates, who added them; active ones first, then by name.',
    access: { roles: ['SecureEmployee'] },
    query: ElevatedMembersQuery,
    response: z.array(ElevatedMember),
  }),
  elevatedMemberSave: endpoint({
    method: 'POST',
    path: 'elevated-members',
    area: 'watchlist',
    summary: 'Puts a passenger on the watch list (no id) or changes an entry (id): reason, start date, end date (none: no end). Staff only; audited.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: ElevatedMemberSave,
    response: ElevatedMember,
  }),
  elevatedMemberRemove: endpoint({
    method: 'DELETE',
    path: 'elevated-members',
    area: 'watchlist',
    summary: 'Takes an entry off the watch list. Staff only; audited with the entry as it was.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: z.object({ id: Uuid }),
    response: z.object({ id: Uuid }),
  }),
  watchListUpload: endpoint({
    method: 'POST',
    path: 'watch-list-upload',
    area: 'watchlist',
    summary:
      "Reads a watch list workbook (.xlsx, at most 5 MB, one file in the form field `file`; another type answers 415 'Upload is of the wrong type') and answers its preview: each row with the passenger found, what applying it would do and its problems. Nothing changes on the list until the upload is applied.",
    access: { roles: ['SecureEmployee'] },
    answers: [400, 413, 415],
    raw: true,
    response: WatchListPreview,
  }),
  watchListApply: endpoint({
    method: 'POST',
    path: 'watch-list-upload-apply',
    area: 'watchlist',
    summary:
      'Applies a previewed upload once, in one transaction: rows without problems add or change entries; each change audited. Passengers are looked up again, so a row whose passenger is gone is skipped.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    body: WatchListApply,
    response: WatchListApplied,
  }),
} satisfies Record<string, Endpoint>;
