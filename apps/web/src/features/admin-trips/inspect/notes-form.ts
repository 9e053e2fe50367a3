import type { BodyOf, DriveAssignment, contract } from '@tripline/core';

export interface NotesDraft {
  notesSummary: string;
  /** passNotes by leg id. */
  legs: Record<string, string>;
}

type NotesTrip = Pick<DriveAssignment, 'id' | 'modCount' | 'notesSummary'> & { tripLegs: Pick<DriveAssignment['tripLegs'][number], 'id' | 'passNotes'>[] };

/** The notes of a trip as the form edits them (empty text for none). */
export function notesOf(trip: NotesTrip): NotesDraft {
  return {
    notesSummary: trip.notesSummary ?? '',
    legs: Object.fromEntries(trip.tripLegs.map((l) => [l.id, l.passNotes ?? ''])),
  };
}

export function sameNotes(a: NotesDraft, b: NotesDraft): boolean {
  const keys = new Set([...Object.keys(a.legs), ...Object.keys(b.legs)]);
  return a.notesSummary === b.notesSummary && [...keys].every((k) => (a.legs[k] ?? '') === (b.legs[k] ?? ''));
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * PATCH drive-assignments-detailed for the changed notes only, with the modCount the form was
 * loaded with (a stale one answers 409); null when nothing changed.
 */
export function notesPatch(trip: NotesTrip, draft: NotesDraft): BodyOf<typeof contract.patchDetailed> | null {
  const saved = notesOf(trip);
  const body: BodyOf<typeof contract.patchDetailed> = { id: trip.id, modCount: trip.modCount };
  if (draft.notesSummary !== saved.notesSummary) body.notesSummary = orNull(draft.notesSummary);
  const legs = trip.tripLegs.filter((l) => (draft.legs[l.id] ?? '') !== saved.legs[l.id]).map((l) => ({ id: l.id, passNotes: orNull(draft.legs[l.id] ?? '') }));
  if (legs.length) body.tripLegs = legs;
  return body.notesSummary === undefined && !body.tripLegs ? null : body;
}
