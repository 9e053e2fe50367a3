import { describe, expect, it } from 'vitest';
import { approvedWaitMinutes, describeAdjustment, REVIEW_MSG, reviewRefusal } from './adjustment-review.ts';

const open = { partnerPayStatus: 'Open' as const };
const wait = { action: 'WaitTime', status: 'Pending', number: 45, amount: null, reason: null };
const expense = { action: 'Expense', status: 'Pending', number: null, amount: 12.5, reason: 'Tolls' };

describe('reviewRefusal', () => {
  it('lets staff approve or deny a pending wait-time or expense request', () => {
    expect(reviewRefusal(wait, open, 'Approved', '')).toBeNull();
    expect(reviewRefusal(expense, open, 'Denied', 'No receipt for the second toll')).toBeNull();
  });
  it('reviews only adjustment requests, not recorded declines', () => {
    expect(reviewRefusal({ action: 'Decline', status: 'Recorded' }, open, 'Approved', '')).toEqual({ message: REVIEW_MSG.NOT_AN_ADJUSTMENT, conflict: false });
  });
  it('treats a request decided by someone else as a conflict', () => {
    for (const status of ['Approved', 'Denied'])
      expect(reviewRefusal({ ...wait, status }, open, 'Approved', '')).toEqual({
        message: `This request has already been reviewed (${status}). Reload to see the current state.`,
        conflict: true,
      });
  });
  it('refuses on a Final trip', () => {
    expect(reviewRefusal(wait, { partnerPayStatus: 'Final' }, 'Approved', '')?.message).toBe('This trip is Finalized; its pay can no longer change.');
    expect(reviewRefusal(wait, { partnerPayStatus: 'Pending' }, 'Approved', '')).toBeNull();
  });
  it('needs a note to deny, and blank space is no note', () => {
    expect(reviewRefusal(wait, open, 'Denied', '   ')?.message).toBe(REVIEW_MSG.DENY_NEEDS_NOTE);
    expect(reviewRefusal(wait, open, 'Denied', 'x')).toBeNull();
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
