import { CANCELLATION_REVIEW } from './approval.ts';
import { MILEAGE_ADJUST, RATE_ADJUST } from './messages.ts';

/** What a request asked for, as the monitor carries it. */
export interface RequestFigures {
  number: number | null;
  amount: number | null;
  reason: string | null;
  previousValue: number | null;
  deadhead: boolean | null;
}

const dollars = (n: number | null) => (n === null ? 'NoRate' : `$${n.toFixed(2)}`);
const miles = (n: number) => `${Math.round(n * 10) / 10}`;

/** The names of the monitor's actions, in plain words. */
export const MONITOR_ACTION_LABEL: Record<string, string> = {
  WaitTime: 'Wait time',
  Expense: 'Expense',
  [RATE_ADJUST]: 'Rate',
  [MILEAGE_ADJUST]: 'Mileage',
  PharmacyStop: 'Pharmacy stop',
  [CANCELLATION_REVIEW]: 'Cancellation review',
};

/**
 * The request in one line, old → new where it changes a figure: '45 min of wait
 * time', 'Parking Fees $14.00', 'Rate $42.50 → $57.50', 'Loaded miles 10 → 14.5', 'Deadhead miles
 * 12.4 → 21.4'. A loaded request carries the difference, a deadhead one the final (rule 252).
 */
export function describeRequest(action: string, r: RequestFigures): string {
  switch (action) {
    case 'WaitTime':
      return `${r.number ?? 0} min of wait time`;
    case 'Expense':
      return `${r.reason ?? 'Other'} ${dollars(r.amount ?? 0)}`;
    case RATE_ADJUST:
      return `Rate ${dollars(r.previousValue)} → ${r.amount === null ? 'the rate in force' : dollars(r.amount)}`;
    case MILEAGE_ADJUST: {
      const before = r.previousValue ?? 0;
      const after = r.deadhead ? (r.number ?? 0) : before + (r.number ?? 0);
      return `${r.deadhead ? 'Deadhead' : 'Loaded'} miles ${miles(before)} → ${miles(after)}`;
    }
    case 'PharmacyStop':
      return 'A pharmacy stop on the way back';
    case CANCELLATION_REVIEW:
      return `Cancelled without charge${r.reason ? ` (${r.reason})` : ''}`;
    default:
      return action;
  }
}
