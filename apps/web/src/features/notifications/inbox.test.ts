import { describe, expect, it } from 'vitest';
import { inboxDeliveries, isExpired, nextBatch, parseRecipientIds } from './inbox.ts';

const NOW = Date.parse('2025-03-14T12:00:00Z');
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const delivery = (id: string, minutesAgo: number, over: { maxAgeSeconds?: number; unread?: boolean } = {}) => ({
  id,
  created: at(minutesAgo),
  maxAgeSeconds: over.maxAgeSeconds ?? 3600,
  unread: over.unread ?? true,
});

describe('isExpired', () => {
  it('ignores a delivery once it is older than its maxAgeSeconds', () => {
    expect(isExpired(delivery('a', 59), NOW)).toBe(false);
    expect(isExpired(delivery('a', 60), NOW)).toBe(true);
    expect(isExpired({ created: 'yesterday', maxAgeSeconds: 60 }, NOW)).toBe(true);
  });
});

describe('inboxDeliveries', () => {
  it('lists unread, current deliveries newest first', () => {
    const list = [delivery('old', 30), delivery('new', 1), delivery('read', 2, { unread: false }), delivery('gone', 120)];
    expect(inboxDeliveries(list, NOW).map((d) => d.id)).toEqual(['new', 'old']);
  });
});

describe('nextBatch', () => {
  it('pops up at most 5, the newest, oldest of them first', () => {
    const list = Array.from({ length: 7 }, (_, i) => delivery(`d${i}`, i));
    const batch = nextBatch(list, new Set(), NOW);
    expect(batch.show.map((d) => d.id)).toEqual(['d4', 'd3', 'd2', 'd1', 'd0']);
    expect(batch.handled).toHaveLength(7);
  });

  it('skips deliveries already handled in this tab and expired ones', () => {
    const list = [delivery('seen', 1), delivery('late', 90), delivery('new', 2)];
    const batch = nextBatch(list, new Set(['seen']), NOW);
    expect(batch.show.map((d) => d.id)).toEqual(['new']);
    expect(batch.handled).toEqual(['late', 'new']);
  });

  it('has nothing to show for an empty list', () => {
    expect(nextBatch([], new Set(), NOW)).toEqual({ show: [], handled: [] });
  });
});

describe('parseRecipientIds', () => {
  it('splits on commas, spaces and new lines and drops repeats', () => {
    expect(parseRecipientIds(' a, b;c\nd  a ')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseRecipientIds('  ')).toEqual([]);
  });
});
