import { addDays, type InfectiousDisease } from '@tripline/core';

/** The first and last day of the month of `day` (YYYY-MM-DD), the range the trips calendar asks for. */
export function monthOf(day: string): { from: string; to: string } {
  const from = `${day.slice(0, 7)}-01`;
  const [y, m] = from.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** How the diseases table labels a disease on `today`: Cancelled, Active, Upcoming or Ended. */
export function diseaseStatus(d: Pick<InfectiousDisease, 'cancel' | 'active' | 'startDate'>, today: string): { label: string; color: string } {
  if (d.cancel) return { label: 'Cancelled', color: 'gray' };
  if (d.active) return { label: 'Active', color: 'red' };
  return d.startDate > today ? { label: 'Upcoming', color: 'orange' } : { label: 'Ended', color: 'gray' };
}
