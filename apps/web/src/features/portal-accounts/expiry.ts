import { useEffect, useState } from 'react';

/** How long before a code or link stops working the page warns (WCAG 2.2.1: time to ask for more). */
export const WARN_BEFORE_MS = 2 * 60_000;

export type ExpiryState = { kind: 'fine' } | { kind: 'soon'; text: string } | { kind: 'expired' };

/** Whole minutes left, rounded up, in words: "1 minute", "2 minutes"; under a minute, "less than a minute". */
export function minutesInWords(ms: number): string {
  if (ms < 60_000) return 'less than a minute';
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Whether to warn that something expires, given when it does and the time now. */
export function expiryState(expiresAt: number | null, now: number, what: string): ExpiryState {
  if (expiresAt === null) return { kind: 'fine' };
  const left = expiresAt - now;
  if (left <= 0) return { kind: 'expired' };
  if (left <= WARN_BEFORE_MS) return { kind: 'soon', text: `${what} stops working in ${minutesInWords(left)}.` };
  return { kind: 'fine' };
}

/** The expiry state, looked at again every few seconds while something can expire. */
export function useExpiry(expiresAt: number | null, what: string): ExpiryState {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiryState(expiresAt, now, what);
}
