import {
  DriveAssignment,
  RECEIPT_MAX_BYTES,
  TRIP_MSG,
  finaliseBlockedReason,
  receiptTypeOf,
  type TripForRules,
  type MemberRef,
} from '@tripline/core';

type Trip = DriveAssignment;

/** A trip as a batch write names it. */
export type TripRef = MemberRef;

/**
 * Rate accept for the whole day (spec 1 §8): trips pending rate approval are the accepted ones whose
 * pay is not Final yet; of those, the ones finaliseBlockedReason lets through are sent.
 */
export function rateAcceptSelection<T extends TripForRules>(trips: readonly T[], now: Date): { pending: T[]; eligible: T[] } {
  const pending = trips.filter((t) => t.accepted && !t.declined && (t.partnerPayStatus === 'Open' || t.partnerPayStatus === 'Pending'));
  return { pending, eligible: pending.filter((t) => finaliseBlockedReason(t, now) === null) };
}

/**
 * The message when there is nothing to rate accept, or null when some trips can go. Severities as
 * the spec's message catalogue gives them: nothing pending is information, none eligible a warning.
 */
export function rateAcceptAllRefusal(selection: {
  pending: readonly unknown[];
  eligible: readonly unknown[];
}): { message: string; kind: 'info' | 'warning' } | null {
  if (selection.pending.length === 0) return { message: TRIP_MSG.NOTHING_PENDING_RATE, kind: 'info' };
  if (selection.eligible.length === 0) return { message: TRIP_MSG.NO_ELIGIBLE_TRIPS, kind: 'warning' };
  return null;
}

export interface DeclineReasonOption {
  name: string;
  aliases: readonly string[];
  alwaysVisible: boolean;
}

/** Decline reasons for a search: aliases count as search terms; always-visible reasons stay listed. */
export function filterDeclineReasons<R extends DeclineReasonOption>(reasons: readonly R[], search: string): R[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...reasons];
  return reasons.filter((r) => r.alwaysVisible || [r.name, ...r.aliases].some((term) => term.toLowerCase().includes(q)));
}

const RECEIPT_EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
};

/** A receipt is an image or a PDF of at most 20 MB, checked before uploading (the server checks the bytes too). */
export function receiptProblem(file: { name: string; size: number; type: string }): string | null {
  // Some browsers give no type for HEIC photos; the extension tells then.
  const declared = file.type || RECEIPT_EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!receiptTypeOf(declared)) return TRIP_MSG.RECEIPT_TYPE;
  if (file.size > RECEIPT_MAX_BYTES) return TRIP_MSG.RECEIPT_TOO_LARGE;
  if (file.size === 0) return TRIP_MSG.RECEIPT_REQUIRED;
  return null;
}

/** spec 1 §5: whom an SMS about the trip can reach (core's rule, shared with the row menu). */
export { smsTargets, type SmsTarget } from '@tripline/core';

/** The server's copy of the trip in a 409 answer (spec 1 §8), when it sent one. */
export function conflictCopy(body: unknown): Trip | null {
  if (typeof body !== 'object' || body === null || !('current' in body)) return null;
  const parsed = DriveAssignment.safeParse((body as { current: unknown }).current);
  return parsed.success ? parsed.data : null;
}


/** A trip the server refused in a batch answer (accept, accept-rate). */
export interface BatchFailure {
  id: string;
  referenceNumber: string | null;
  message: string;
  /** The server's copy: sent only for a trip whose modCount was stale. */
  current?: Trip;
}

/** A trip someone else changed meanwhile: the 409 of a single write, inside a batch. */
export interface StaleTrip {
  ref: string;
  serverMessage: string;
  current: Trip;
}

/**
 * spec 1 §8 for batches: a failure that carries the server's copy is a stale trip and is handled
 * like a 409 on a single write (row reset to that copy and flagged, the conflict text); the other
 * failures are refusals with their reason.
 */
export function splitBatchFailures(failed: readonly BatchFailure[]): { stale: StaleTrip[]; refused: BatchFailure[] } {
  const stale: StaleTrip[] = [];
  const refused: BatchFailure[] = [];
  for (const f of failed) {
    if (f.current) stale.push({ ref: f.referenceNumber ?? f.current.referenceNumber, serverMessage: f.message, current: f.current });
    else refused.push(f);
  }
  return { stale, refused };
}
