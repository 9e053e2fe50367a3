import { MFA_MAX_ATTEMPTS } from '../shell/constants.ts';

/**
 * Sign-in codes (docs/decisions.md): each code has its own MFA_MAX_ATTEMPTS tries, and an account
 * is sent at most MFA_CODES_PER_WINDOW codes in any MFA_CODE_WINDOW_MS, so a pending sign-in gets
 * at most 15 guesses per 15 minutes and nobody can flood a phone or mailbox with codes.
 */
export const MFA_CODES_PER_WINDOW = 3;
export const MFA_CODE_WINDOW_MS = 15 * 60_000;

export const MFA_MSG = {
  TOO_MANY_CODES: (minutes: number) =>
    `Too many sign-in codes were requested. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  REQUEST_CODE_FIRST: 'Request a code first.',
} as const;

/**
 * When the next code may be sent, given when the account's codes were sent: null when one may be
 * sent now. Sends older than the window no longer count.
 */
export function nextCodeAllowedAt(sentAt: readonly Date[], now: Date): Date | null {
  const since = now.getTime() - MFA_CODE_WINDOW_MS;
  const counted = sentAt
    .map((d) => d.getTime())
    .filter((t) => t > since)
    .sort((a, b) => b - a);
  if (counted.length < MFA_CODES_PER_WINDOW) return null;
  // The oldest of the newest N sends has to leave the window before another code is sent.
  return new Date(counted[MFA_CODES_PER_WINDOW - 1]! + MFA_CODE_WINDOW_MS);
}

/** Whole minutes until a moment, at least 1, for 'Try again in N minutes'. */
export function minutesUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
}

export type CodeState = 'none' | 'expired' | 'spent' | 'open';

/**
 * Whether a pending sign-in's current code can still take a guess: none sent, past its expiry,
 * its tries spent, or open.
 */
export function codeState(
  code: { hasCode: boolean; expiresAt: Date | null; attempts: number },
  now: Date,
): CodeState {
  if (!code.hasCode || !code.expiresAt) return 'none';
  if (now.getTime() >= code.expiresAt.getTime()) return 'expired';
  if (code.attempts >= MFA_MAX_ATTEMPTS) return 'spent';
  return 'open';
}
