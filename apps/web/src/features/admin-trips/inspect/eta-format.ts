import type { LatenessMark } from '@tripline/core';

/** spec 2 §4 lateness marks as colours: on time green, a little late yellow, beyond red. */
export const MARK_COLOR: Record<LatenessMark, string> = { success: 'green', warning: 'yellow', danger: 'red' };

/** How late an actual time was against the ordered one, in words. */
export function lateText(minutesLate: number | null): string {
  if (minutesLate === null) return '';
  if (minutesLate === 0) return 'on time';
  return minutesLate > 0 ? `${minutesLate} min late` : `${-minutesLate} min early`;
}
