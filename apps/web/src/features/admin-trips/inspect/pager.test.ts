import { describe, expect, it } from 'vitest';
import { pagerState } from './pager.ts';

describe('pagerState', () => {
  it('counts from one and stops at both ends', () => {
    expect(pagerState(0, 3)).toEqual({ label: '1 of 3', prev: null, next: 1 });
    expect(pagerState(1, 3)).toEqual({ label: '2 of 3', prev: 0, next: 2 });
    expect(pagerState(2, 3)).toEqual({ label: '3 of 3', prev: 1, next: null });
  });
  it('has nowhere to go with one trip or none', () => {
    expect(pagerState(0, 1)).toEqual({ label: '1 of 1', prev: null, next: null });
    expect(pagerState(0, 0)).toEqual({ label: '0 of 0', prev: null, next: null });
  });
  it('keeps an index beyond the found set inside it', () => expect(pagerState(9, 3).label).toBe('3 of 3'));
  it('leads back to the found set from a related trip', () => {
    expect(pagerState(1, 3, true)).toEqual({ label: 'Not in the results (was 2 of 3)', prev: 1, next: 1 });
  });
});
