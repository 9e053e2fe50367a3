import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsFromFilters, queryOf, showingText } from './monitor-params.ts';

const TODAY = '2026-11-22';
const read = (s: string) => filtersFromParams(new URLSearchParams(s), TODAY);

describe('partner monitor filters in the URL', () => {
  it('lists Pending requests when no status is given (rule 268), and an unknown status the same', () => {
    expect(read('')).toEqual({ status: 'Pending', referenceNumber: '', serviceDate: '', actionDate: '', page: 1 });
    expect(read('status=Whatever').status).toBe('Pending');
    expect(read('status=Approved').status).toBe('Approved');
  });
  it('reads dates in any accepted form and the page', () => {
    expect(read('serviceDate=11/21/2026&actionDate=2026-11-22&page=3')).toMatchObject({ serviceDate: '2026-11-21', actionDate: '2026-11-22', page: 3 });
    expect(read('serviceDate=nonsense&page=-2')).toMatchObject({ serviceDate: '', page: 1 });
  });
  it('writes the status always and leaves empty filters and page 1 out', () => {
    expect(paramsFromFilters(read('')).toString()).toBe('status=Pending');
    expect(paramsFromFilters(read('status=All&referenceNumber=2000123&serviceDate=2026-11-21&page=2')).toString()).toBe(
      'status=All&referenceNumber=2000123&serviceDate=2026-11-21&page=2',
    );
  });
  it('asks the server for the page', () => {
    expect(queryOf(read('page=2&referenceNumber=2000123'))).toEqual({
      status: 'Pending',
      referenceNumber: '2000123',
      serviceDate: undefined,
      actionDate: undefined,
      offset: 50,
      limit: 50,
    });
  });
  it('says which rows are shown', () => {
    expect(showingText(1, 50, 120)).toBe('Showing 1–50 of 120');
    expect(showingText(3, 20, 120)).toBe('Showing 101–120 of 120');
    expect(showingText(1, 0, 0)).toBeNull();
  });
});
