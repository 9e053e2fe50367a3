import { describe, expect, it } from 'vitest';
import { markerAt } from './pickup-hit.ts';

const at = (id: string, x: number, y: number, radius = 5) => ({ point: { id, look: { radius } }, x, y });

describe('the marker under the pointer', () => {
  it('is found within its radius and 3 px more, not beyond', () => {
    const drawn = [at('a', 100, 100)];
    expect(markerAt(drawn, { x: 100, y: 100 })?.id).toBe('a');
    expect(markerAt(drawn, { x: 108, y: 100 })?.id).toBe('a');
    expect(markerAt(drawn, { x: 109, y: 100 })).toBeNull();
  });
  it('is the one drawn last where markers overlap (a selected trip is drawn over the rest)', () => {
    expect(markerAt([at('under', 100, 100), at('over', 103, 100, 8)], { x: 101, y: 100 })?.id).toBe('over');
  });
  it('is none on an empty map', () => {
    expect(markerAt([], { x: 0, y: 0 })).toBeNull();
  });
});
