import { describe, expect, it } from 'vitest';
import { toTripListRow, type TripListRow } from '@tripline/core';
import { makeTrip } from '../../trips/trip-factory.ts';
import { REFERENCE_TEXT_MAX, chosenRead, pickChosen } from './chosen-trips.ts';

const row = (id: string, referenceNumber = id.toUpperCase()) => toTripListRow(makeTrip({ id, referenceNumber }));
const search = { serviceDate: '2026-11-23', limit: '1000' };
const holding = (rows: TripListRow[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: string) => byId.get(id);
};

describe('how the trips of a bulk action are read', () => {
  it('reads nothing when list rows will do and every chosen row is held', () => {
    const rows = [row('a'), row('b')];
    expect(chosenRead(['b', 'a'], holding(rows), 'list', search)).toEqual({ kind: 'held', rows: [rows[1], rows[0]] });
  });

  it('narrows the search to the reference numbers of held rows when full trips are needed', () => {
    const rows = [row('a', 'R1'), row('b', 'R22')];
    expect(chosenRead(['a', 'b'], holding(rows), 'full', search)).toEqual({ kind: 'references', query: { referenceNumber: 'R1,R22', limit: '1000' } });
  });

  it('reads the search itself when a chosen row is not held', () => {
    expect(chosenRead(['a', 'z'], holding([row('a')]), 'list', search)).toEqual({ kind: 'search', query: search });
    expect(chosenRead(['z'], holding([]), 'full', search)).toEqual({ kind: 'search', query: search });
  });

  it('reads the search when the reference numbers do not fit the criterion', () => {
    const many = Array.from({ length: 250 }, (_, i) => row(`t${i}`, `R${String(i).padStart(9, '0')}`));
    expect(many.map((r) => r.referenceNumber).join(',').length).toBeGreaterThan(REFERENCE_TEXT_MAX);
    expect(chosenRead(many.map((r) => r.id), holding(many), 'full', search).kind).toBe('search');
    expect(chosenRead(many.map((r) => r.id), holding(many), 'list', search).kind).toBe('held');
  });

  it('keeps the chosen trips among those read, in the chosen order', () => {
    const read = [row('a'), row('b'), row('c')];
    expect(pickChosen(['c', 'x', 'a'], read).map((t) => t.id)).toEqual(['c', 'a']);
  });
});
