import { describe, expect, it } from 'vitest';
import { visibleRange } from './virtual-range.ts';

const base = { rowHeight: 50, viewportHeight: 500, overscan: 5, count: 2000 };

describe('visibleRange', () => {
  it('renders the first screen plus overscan at the top', () => {
    expect(visibleRange({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 15 });
  });

  it('follows the scroll position', () => {
    expect(visibleRange({ ...base, scrollTop: 50_000 })).toEqual({ start: 995, end: 1015 });
  });

  it('stops at the end of the list', () => {
    expect(visibleRange({ ...base, scrollTop: 99_900 })).toEqual({ start: 1993, end: 2000 });
    expect(visibleRange({ ...base, scrollTop: 1e9 })).toEqual({ start: 1994, end: 2000 });
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRange({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
  });

  it('renders a screenful before the viewport is measured', () => {
    expect(visibleRange({ ...base, viewportHeight: 0, scrollTop: 0 })).toEqual({ start: 0, end: 25 });
  });
});
