import { describe, expect, it } from 'vitest';
import { claimSummary } from './claim.tsx';

describe('the claim toast', () => {
  it('counts what was accepted of what was asked and lists each failure and warning', () => {
    const result = {
      accepted: [{ id: 'a', referenceNumber: 'R1' }],
      failed: [{ id: 'b', referenceNumber: 'R2', message: 'Trip R2 is no longer available.' }],
      warnings: [{ id: 'a', referenceNumber: 'R1', message: 'Trip R1 is Out-Of-Area for your company.' }],
    };
    expect(claimSummary(result, 2)).toEqual({
      level: 'warning',
      title: '1 of 2 trips accepted',
      lines: ['Trip R2 is no longer available.', 'Trip R1 is Out-Of-Area for your company.'],
    });
  });
  it('is a success when every trip was taken, an error when none was', () => {
    expect(claimSummary({ accepted: [{ id: 'a', referenceNumber: 'R1' }, { id: 'b', referenceNumber: 'R2' }], failed: [], warnings: [] }, 2)).toMatchObject({ level: 'success', title: '2 of 2 trips accepted', lines: [] });
    expect(claimSummary({ accepted: [], failed: [{ id: 'a', referenceNumber: null, message: 'Trip R1 is no longer available.' }], warnings: [] }, 1)).toMatchObject({ level: 'error', title: '0 of 1 trips accepted' });
  });
});
