import { describe, expect, it } from 'vitest';
import { TripWindow } from './live-window.ts';

describe('TripWindow', () => {
  it("reads members whose keys join a column's value and the day order with NUL separators", () => {
    const member = ['da-1', '0Smith\u00002026-11-2009:00:002000001\u0000', 3, 1];
    expect(TripWindow.parse({ rows: [], start: 0, total: 1, members: [member] }).members).toEqual([member]);
  });

  it('refuses a member that is not [id, key, modCount, flags]', () => {
    expect(TripWindow.safeParse({ rows: [], start: 0, total: 1, members: [['da-1', 'k', 'x', 0]] }).success).toBe(false);
    expect(TripWindow.safeParse({ rows: [], start: 0, total: 1, members: [['da\u0000', 'k', 1, 0]] }).success).toBe(false);
  });
});
