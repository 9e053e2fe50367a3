import { describe, expect, it } from 'vitest';
import type { EventSubscription } from '@tripline/core';
import { channelOf, eventText, narrowedText } from './describe.ts';

const base: EventSubscription = {
  id: 's1',
  recipientId: 'c1',
  matchEventType: 'PickedUp',
  matchInHouse: null,
  matchNotifiedProvider: null,
  matchNotifiedDriver: null,
  notifyVogType: null,
  notifyEmails: [],
  notifyRobocallPhone: null,
  notifySmsPhone: null,
  matchProviderIds: [],
  matchBillToIds: [],
  matchPassengerIds: [],
  deleted: false,
  modCount: 0,
  created: '2026-11-22T15:00:00.000Z',
  modified: '2026-11-22T15:00:00.000Z',
};

describe('a subscription in words', () => {
  it('names the event and the one channel with where it goes', () => {
    expect(eventText(base)).toBe('The passenger is picked up');
    expect(channelOf({ ...base, notifySmsPhone: '(505) 555-0101' })).toEqual({ channel: 'sms', text: 'Text message to (505) 555-0101' });
    expect(channelOf({ ...base, notifyEmails: ['a@example.org'] }).text).toBe('Email to a@example.org');
    expect(channelOf({ ...base, notifyRobocallPhone: '(505) 555-0101' }).text).toBe('Phone call to (505) 555-0101');
    expect(channelOf({ ...base, notifyVogType: 'toastr' })).toEqual({ channel: 'vog', text: 'Portal inbox' });
    expect(channelOf(base)).toEqual({ channel: null, text: 'No channel' });
  });

  it('says what it is narrowed to, by name', () => {
    const names = new Map([
      ['m1', 'Alma Member'],
      ['b1', 'County A'],
    ]);
    expect(narrowedText(base, names)).toBeNull();
    expect(narrowedText({ ...base, matchPassengerIds: ['m1', 'mx'], matchBillToIds: ['b1'] }, names)).toBe(
      'Only for Alma Member, another member · Only for trips of County A',
    );
  });
});
