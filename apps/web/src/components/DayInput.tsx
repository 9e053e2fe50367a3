import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDateInput } from '@tripline/core';
import { localToday } from '../lib/date-input.ts';

/**
 * A day field: typed as MM/DD/YYYY (or any form the portal reads, relative to today) or picked
 * from a calendar shown above dialogs. Its value is an ISO date, or null when empty.
 */
export function DayInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return <DateInput placeholder="MM/DD/YYYY" popoverProps={{ withinPortal: true }} {...props} valueFormat="MM/DD/YYYY" dateParser={(t: string) => parseDateInput(t, localToday())} />;
}
