/** The operator's home time zone: demo data and "today" for server-side defaults. */
export const OPERATOR_TIME_ZONE = 'America/Denver';

/**
 * One formatter per kind and time zone, made on first use: making an Intl.DateTimeFormat costs
 * about 50 µs, and rules such as hasOccurred ask for every trip of a day (tens of thousands).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = formatter('date', timeZone).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const operatorToday = (at: Date) => dateInZone(at, OPERATOR_TIME_ZONE);

/** The time of day (HH:MM:SS, 24-hour) at an instant in a time zone. */
export function timeInZone(at: Date, timeZone: string): string {
  const parts = formatter('time', timeZone).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}
