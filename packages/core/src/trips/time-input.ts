import { WILL_CALL } from './constants.ts';

const toMinutes = (t: string) => {
  const [h, m] = t.split(':').map(Number);
  return h * 60 + m;
};
const fromMinutes = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00`;

export type TimeParse = { value: string } | { error: string };

/**
 * spec 1 §5 time input: 24-hour ('1430', '14:30') and 12-hour ('2:30 pm', '230p', '2p') forms,
 * 'WC' for will call (stored 23:59:00). With bounds, a value outside min..max is refused; when the
 * minimum is after 20:00 a value before 03:00 counts as the next morning (a trip past midnight).
 */
export function parseTimeInput(text: string, bounds: { min?: string; max?: string } = {}): TimeParse {
  const raw = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!raw) return { error: 'Enter a time' };
  if (raw === 'wc') return { value: WILL_CALL };
  const m = /^(\d{1,2})(?::?(\d{2}))?(?::(\d{2}))?(a|p|am|pm)?$/.exec(raw);
  if (!m) return { error: `"${text.trim()}" is not a time` };
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const suffix = m[4];
  if (minute > 59) return { error: `"${text.trim()}" is not a time` };
  if (suffix) {
    if (hour < 1 || hour > 12) return { error: `"${text.trim()}" is not a time` };
    if (suffix.startsWith('p') && hour !== 12) hour += 12;
    if (suffix.startsWith('a') && hour === 12) hour = 0;
  } else if (hour > 23) {
    return { error: `"${text.trim()}" is not a time` };
  }
  const value = fromMinutes(hour * 60 + minute);
  let v = hour * 60 + minute;
  if (bounds.min) {
    const min = toMinutes(bounds.min);
    if (min >= 20 * 60 && v < 3 * 60) v += 24 * 60;
    if (v < min) return { error: `The time must be ${bounds.min.slice(0, 5)} or later` };
  }
  if (bounds.max && v < 24 * 60 && v > toMinutes(bounds.max)) return { error: `The time must be ${bounds.max.slice(0, 5)} or earlier` };
  return { value };
}
