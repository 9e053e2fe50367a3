import { ElevatedMemberSave, type ElevatedMember, type ElevatedMemberSave as SaveBody } from '@tripline/core';

export interface EntryDraft {
  id: string | null;
  passengerId: string | null;
  passengerName: string | null;
  reason: string;
  startDate: string;
  endDate: string;
}

export function newEntry(today: string): EntryDraft {
  return { id: null, passengerId: null, passengerName: null, reason: '', startDate: today, endDate: '' };
}

export function entryOf(e: ElevatedMember): EntryDraft {
  return { id: e.id, passengerId: e.passengerId, passengerName: e.passengerName, reason: e.reason, startDate: e.startDate, endDate: e.endDate ?? '' };
}

export function entryBody(d: EntryDraft): SaveBody {
  return {
    ...(d.id ? { id: d.id } : {}),
    passengerId: d.passengerId ?? '',
    reason: d.reason,
    startDate: d.startDate,
    endDate: d.endDate || null,
  };
}

/** The dialog's problems by field, from the same schema the server checks with. */
export function entryProblems(d: EntryDraft): Record<string, string> {
  const r = ElevatedMemberSave.safeParse(entryBody(d));
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}

export type EntryStatus = 'Active' | 'Upcoming' | 'Ended';

/** Where an entry stands on a day: applying, not yet, or over. */
export function entryStatus(e: Pick<ElevatedMember, 'startDate' | 'endDate'>, today: string): EntryStatus {
  if (e.startDate > today) return 'Upcoming';
  return e.endDate !== null && e.endDate < today ? 'Ended' : 'Active';
}

/** Entries whose passenger, member id, contact number or reason hold the text (any case). */
export function filterEntries(entries: readonly ElevatedMember[], text: string): ElevatedMember[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) =>
    [e.passengerName, e.memberId ?? '', String(e.contactNumber), e.reason, e.addedByName ?? ''].some((v) => v.toLowerCase().includes(q)),
  );
}
