import { describe, expect, it } from 'vitest';
import { noticeText, spokenDate, spokenTime } from './notice.ts';
import { PORTAL_EVENT_TYPES } from './types.ts';

const facts = { referenceNumber: '2000123', serviceDate: '2026-03-03', pickupTime: '14:30:00', place: 'Albuquerque' };

describe('notice text', () => {
  it('says dates and times in plain words', () => {
    expect(spokenDate('2026-03-03')).toBe('Tuesday, March 3');
    expect(spokenTime('14:30:00')).toBe('2:30 PM');
    expect(spokenTime('00:05:00')).toBe('12:05 AM');
    expect(spokenTime('12:00:00')).toBe('12:00 PM');
    expect(spokenTime('23:59:00')).toBeNull();
  });

  it('carries the reference, date, time and place only', () => {
    const t = noticeText('TripAssigned', facts);
    expect(t.body).toBe('Trip 2000123 on Tuesday, March 3 now has a driver assigned (pickup at 2:30 PM in Albuquerque).');
    expect(t.subject).toBe('Trip 2000123: a driver is assigned');
  });

  it('ends every text message with how to stop them', () => {
    for (const type of PORTAL_EVENT_TYPES) expect(noticeText(type, facts).sms).toMatch(/Reply STOP to end$/);
  });

  it('says a late trip’s new time', () => {
    expect(noticeText('TripDelayed', { ...facts, estimatedTime: '14:50:00' }).body).toBe(
      'Trip 2000123 on Tuesday, March 3 is running late: the driver is now expected at 2:50 PM (pickup at 2:30 PM in Albuquerque).',
    );
  });

  it('reads the reference number out digit by digit and marks a test', () => {
    const t = noticeText('CancelTrip', facts, { test: true });
    expect(t.voice).toContain('Trip 2 0 0 0 1 2 3 on Tuesday');
    expect(t.body.startsWith('Test notice. ')).toBe(true);
    expect(t.subject.startsWith('Test: ')).toBe(true);
  });

  it('leaves out what is not known', () => {
    expect(noticeText('WillCallActivation', { ...facts, pickupTime: '23:59:00', place: null }).body).toBe(
      'The will-call ride of trip 2000123 on Tuesday, March 3 was requested.',
    );
  });
});
