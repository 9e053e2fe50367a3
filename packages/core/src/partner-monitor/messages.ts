import { TRIP_MSG } from '../trips/messages.ts';

/** The pay adjustment requests a partner makes beyond wait time and expenses (spec 3 §3, §7). */
export const RATE_ADJUST = 'RateAdjust';
export const MILEAGE_ADJUST = 'MileageAdjust';

/**
 * The partner activities the partner monitor reviews (spec 3 §2): wait time and expenses from the
 * partner's Home, rate and mileage requests, pharmacy stops from the reservation editor and
 * cancellations made in the case manager portal ('Cancellation review').
 */
export const MONITOR_ACTIONS = ['WaitTime', 'Expense', RATE_ADJUST, MILEAGE_ADJUST, 'PharmacyStop', 'Cancellation review'] as const;
export type MonitorAction = (typeof MONITOR_ACTIONS)[number];

/** The requests that change what a trip pays (rest/partner-activity `adjustment`). */
export const PAY_ADJUSTMENT_ACTIONS: string[] = ['WaitTime', 'Expense', RATE_ADJUST, MILEAGE_ADJUST];

/** The statuses the monitor filters by; Pending when none is given (rule 268). */
export const MONITOR_STATUSES = ['Pending', 'Approved', 'Denied', 'All'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** Rows of one page of the monitor. */
export const MONITOR_PAGE_SIZE = 50;
export const MONITOR_PAGE_MAX = 200;

/** The highest trip rate or mileage a request may name. */
export const RATE_MAX = 100_000;
export const MILEAGE_MAX = 5_000;
export const REQUEST_NOTES_MAX = 2000;

/** Miles in a meter, for loaded and deadhead distances. */
export const METERS_PER_MILE = 1609.344;

export const MONITOR_MSG = {
  /** spec 2 §8: a review that failed; the row is read again. */
  UPDATE_ERROR: 'Error updating partner activity status',
  /** spec 3 §8 (rule 251), with the figures put in. */
  deadheadBelowOriginal: (final: number, original: number) =>
    `Deadhead adjusted mileage (${final}) must be greater than or equal to the original mileage (${original}).`,
  /** spec 3 §8: the mileage adjustment's success ('submitted for review'). */
  MILEAGE_SUBMITTED: 'Mileage adjustment submitted for review',
  RATE_SUBMITTED: 'Rate adjustment submitted for review',
  RATE_APPLIED: (amount: number | null) => (amount === null ? 'The rate override was cleared.' : `The trip now pays $${amount.toFixed(2)}.`),
  FINALIZED: TRIP_MSG.FINALIZED_READ_ONLY,
  NOT_EDITABLE: TRIP_MSG.NOT_EDITABLE,
  NOT_ACCEPTED: 'Accept this trip before asking for a pay adjustment.',
  NOT_YET: 'A pay adjustment can be requested once the trip has taken place.',
  NO_PARTNER: 'This trip has no partner to pay.',
  NO_BASE: "The partner's base has no location, so the deadhead miles are not known.",
  NO_PICKUP: 'The first pickup has no location, so the deadhead miles are not known.',
  SAME_MILEAGE: 'Enter a mileage different from the original.',
  NEGATIVE_MILES: 'The loaded miles cannot go below zero.',
  MILEAGE_REQUIRED: 'Enter the mileage',
  RATE_REQUIRED: 'Enter the rate, or clear the override',
  NOTES_REQUIRED: 'Say why the pay should change',
  ACTIVITY_REQUIRED: 'Choose the request',
  NOTE_REQUIRED: 'Enter a note',
  NOT_PENDING: (status: string) => `Notes can be added only while the request is Pending; it is ${status}.`,
  pendingTwice: (what: string) => `A ${what} request for this trip is already waiting for review.`,
  LEG_OR_ID: 'Give the request id or the trip leg id',
  NOT_FOUND: 'The request was not found.',
} as const;
