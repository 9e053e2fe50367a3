import { describe, expect, it } from 'vitest';
import '../api/messages.ts';
import { ReviewBody } from '../api/review.ts';
import { approvedWaitMinutes, describeAdjustment, NOTE_MAX, REVIEW_MSG, reviewRefusal } from './adjustment-review.ts';

const open = { partnerPayStatus: 'Open' as const };
const wait = { action: 'WaitTime', status: 'Pending', number: 45, amount: null, reason: null };
const expense = { action: 'Expense', status: 'Pending', number: null, amount: 12.5, reason: 'Tolls' };

describe('reviewRefusal', () => {
  it('lets staff approve or deny a pending wait-time or expense request', () => {
    expect(reviewRefusal(wait, open)).toBeNull();
    expect(reviewRefusal(expense, open)).toBeNull();
  });
  it('reviews only adjustment requests, not recorded declines', () => {
    expect(reviewRefusal({ action: 'Decline', status: 'Recorded' }, open)).toEqual({ message: REVIEW_MSG.NOT_AN_ADJUSTMENT, conflict: false });
  });
  it('treats a request decided by someone else as a conflict', () => {
    for (const status of ['Approved', 'Denied'])
      expect(reviewRefusal({ ...wait, status }, open)).toEqual({
        message: `This request has already been reviewed (${status}). Reload to see the current state.`,
        conflict: true,
      });
  });
  it('refuses on a Final trip', () => {
    expect(reviewRefusal(wait, { partnerPayStatus: 'Final' })?.message).toBe('This trip is Finalized; its pay can no longer change.');
    expect(reviewRefusal(wait, { partnerPayStatus: 'Pending' })).toBeNull();
  });
});

describe('ReviewBody (spec 2 §4: status changed "with an optional note")', () => {
  const activityId = '6f1c2b9e-1f2a-4c3d-9e8f-0a1b2c3d4e5f';
  it('takes a denial without a note, with a blank one, and with one', () => {
    expect(ReviewBody.parse({ activityId, status: 'Denied' })).toEqual({ activityId, status: 'Denied', note: '' });
    expect(ReviewBody.parse({ activityId, status: 'Denied', note: '   ' }).note).toBe('');
    expect(ReviewBody.parse({ activityId, status: 'Denied', note: ' No receipt ' }).note).toBe('No receipt');
  });
  it('keeps the note under NOTE_MAX characters', () => {
    expect(ReviewBody.safeParse({ activityId, status: 'Denied', note: 'x'.repeat(NOTE_MAX) }).success).toBe(true);
    const long = ReviewBody.safeParse({ activityId, status: 'Denied', note: 'x'.repeat(NOTE_MAX + 1) });
    expect(!long.success && long.error.issues[0].message).toBe(REVIEW_MSG.NOTE_TOO_LONG);
  });
  it('words a missing request and a missing decision', () => {
    const none = ReviewBody.safeParse({});
    expect(!none.success && none.error.issues.map((i) => i.message)).toEqual([REVIEW_MSG.ACTIVITY_REQUIRED, REVIEW_MSG.DECISION]);
  });
});

describe('approvedWaitMinutes', () => {
  it('adds the minutes of an approved wait-time request only', () => {
    expect(approvedWaitMinutes(wait, 'Approved')).toBe(45);
    expect(approvedWaitMinutes(wait, 'Denied')).toBe(0);
    expect(approvedWaitMinutes(expense, 'Approved')).toBe(0);
    expect(approvedWaitMinutes({ action: 'WaitTime', number: null }, 'Approved')).toBe(0);
  });
});

describe('describeAdjustment', () => {
  it('names wait time by minutes and an expense by reason and amount', () => {
    expect(describeAdjustment(wait)).toBe('45 min of wait time');
    expect(describeAdjustment(expense)).toBe('Tolls expense of $12.50');
    expect(describeAdjustment({ ...expense, amount: null, reason: null })).toBe('Other expense');
  });
  it('words the partner notification', () => {
    expect(REVIEW_MSG.decided('45 min of wait time', 'A1234', 'Approved')).toBe('45 min of wait time on trip A1234 was approved.');
  });
});
