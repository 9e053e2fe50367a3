/** The operator's home time zone: demo data and "today" for server-side defaults. */
export const OPERATOR_TIME_ZONE = 'America/Denver';

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const operatorToday = (at: Date) => dateInZone(at, OPERATOR_TIME_ZONE);

/** The time of day (HH:MM:SS, 24-hour) at an instant in a time zone. */
export function timeInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}
