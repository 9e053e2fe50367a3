import { describe, expect, it } from 'vitest';
import { groupWarnings, parseWarningHeader } from './server-headers.ts';

describe('x-warning header (spec 1 §7)', () => {
  it('reads plain text as one warning', () => {
    expect(parseWarningHeader('Vehicle 12 has no driver')).toEqual([{ message: 'Vehicle 12 has no driver' }]);
    expect(parseWarningHeader('')).toEqual([]);
    expect(parseWarningHeader(null)).toEqual([]);
  });

  it('reads a JSON list and skips entries without a message', () => {
    const header = JSON.stringify([
      { type: 'Trip', message: 'Pickup is late', entity: 'SyncDriveAssv', id: 42, toastMethod: 'warning' },
      { type: 'Trip' },
      'Check the rate',
    ]);
    expect(parseWarningHeader(header)).toEqual([
      { type: 'Trip', message: 'Pickup is late', entity: 'SyncDriveAssv', id: '42', toastMethod: 'warning' },
      { message: 'Check the rate' },
    ]);
  });

  it('shows text that only looks like JSON as written', () => {
    expect(parseWarningHeader('[draft] not saved')).toEqual([{ message: '[draft] not saved' }]);
  });

  it('groups warnings under a heading per type', () => {
    const groups = groupWarnings([
      { type: 'Trip', message: 'A' },
      { message: 'B' },
      { type: 'Trip', message: 'C' },
    ]);
    expect(groups).toEqual([
      { title: 'Trip', toastMethod: undefined, messages: ['A', 'C'] },
      { title: 'Warning', toastMethod: undefined, messages: ['B'] },
    ]);
  });
});
