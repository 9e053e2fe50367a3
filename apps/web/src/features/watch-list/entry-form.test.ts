import { describe, expect, it } from 'vitest';
import { MSG, type ElevatedMember } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { uploadFailureText } from './api.ts';
import { entryBody, entryOf, entryProblems, entryStatus, filterEntries, newEntry } from './entry-form.ts';

const TODAY = '2026-11-22';
const entry: ElevatedMember = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  passengerId: '9b2e6679-7425-40de-944b-e07fc1f90ae7',
  passengerName: 'Ann Lee',
  contactNumber: 100234,
  memberId: 'M77',
  reason: 'Threatened a driver',
  startDate: '2026-11-01',
  endDate: null,
  active: true,
  addedById: null,
  addedByName: 'Dana Dispatch',
  created: '2026-11-01T10:00:00Z',
};

describe('the entry dialog', () => {
  it('needs a passenger and a reason; an empty end means no end', () => {
    expect(entryProblems(newEntry(TODAY))).toEqual({ passengerId: 'Choose the passenger', reason: 'Give the reason' });
    expect(entryBody({ ...entryOf(entry), endDate: '' })).toMatchObject({ id: entry.id, endDate: null });
  });
  it('refuses an end before the start on the end field', () => {
    expect(entryProblems({ ...entryOf(entry), endDate: '2026-10-31' })).toEqual({ endDate: 'The end date is before the start date' });
    expect(entryProblems({ ...entryOf(entry), endDate: '2026-11-01' })).toEqual({});
  });
});

describe('the list', () => {
  it('says whether an entry applies today', () => {
    expect(entryStatus({ startDate: TODAY, endDate: TODAY }, TODAY)).toBe('Active');
    expect(entryStatus({ startDate: '2026-11-23', endDate: null }, TODAY)).toBe('Upcoming');
    expect(entryStatus({ startDate: '2026-11-01', endDate: '2026-11-21' }, TODAY)).toBe('Ended');
  });
  it('filters by passenger, member id, contact number or reason', () => {
    expect(filterEntries([entry], 'ann')).toHaveLength(1);
    expect(filterEntries([entry], 'm77')).toHaveLength(1);
    expect(filterEntries([entry], '100234')).toHaveLength(1);
    expect(filterEntries([entry], 'driver')).toHaveLength(1);
    expect(filterEntries([entry], 'bob')).toHaveLength(0);
  });
});

describe('an upload that fails (spec 3 §8)', () => {
  it("shows the server's text, else 'Could not communicate with server'", () => {
    const said = new ApiError({ status: 415, error: 'unsupported_media_type', message: 'Upload is of the wrong type', serverMessage: 'Upload is of the wrong type', call: 'POST watch-list-upload' });
    expect(uploadFailureText(said)).toBe('Upload is of the wrong type');
    const silent = new ApiError({ status: -1, error: 'network', message: MSG.SERVER_NOT_RESPONDING, call: 'POST watch-list-upload' });
    expect(uploadFailureText(silent)).toBe('Could not communicate with server');
    expect(uploadFailureText(new Error('boom'))).toBe('Could not communicate with server');
  });
});
