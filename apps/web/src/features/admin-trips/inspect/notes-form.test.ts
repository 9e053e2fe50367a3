import { describe, expect, it } from 'vitest';
import { notesOf, notesPatch, sameNotes } from './notes-form.ts';

const trip = {
  id: 't1',
  modCount: 4,
  notesSummary: 'Call on arrival',
  tripLegs: [
    { id: 'l1', passNotes: null },
    { id: 'l2', passNotes: 'Walker' },
  ],
};

describe('notes form', () => {
  it('reads empty notes as empty text', () => expect(notesOf(trip)).toEqual({ notesSummary: 'Call on arrival', legs: { l1: '', l2: 'Walker' } }));
  it('sends nothing when nothing changed', () => {
    expect(notesPatch(trip, notesOf(trip))).toBeNull();
    expect(sameNotes(notesOf(trip), notesOf(trip))).toBe(true);
  });
  it('sends only the changed notes with the loaded modCount, blank as null', () => {
    const draft = { notesSummary: 'Call on arrival', legs: { l1: 'Oxygen', l2: '  ' } };
    expect(sameNotes(draft, notesOf(trip))).toBe(false);
    expect(notesPatch(trip, draft)).toEqual({
      id: 't1',
      modCount: 4,
      tripLegs: [
        { id: 'l1', passNotes: 'Oxygen' },
        { id: 'l2', passNotes: null },
      ],
    });
    expect(notesPatch(trip, { ...notesOf(trip), notesSummary: '' })).toEqual({ id: 't1', modCount: 4, notesSummary: null });
  });
});
