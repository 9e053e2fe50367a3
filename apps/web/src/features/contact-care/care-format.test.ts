import { describe, expect, it } from 'vitest';
import { diseaseStatus, monthOf } from './care-format.ts';

describe('monthOf', () => {
  it('spans the whole month, leap February and December included', () => {
    expect(monthOf('2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('diseaseStatus', () => {
  it('says cancelled first, then active, then upcoming or ended by the start', () => {
    expect(diseaseStatus({ cancel: true, active: false, startDate: '2026-11-22' }, '2026-11-22').label).toBe('Cancelled');
    expect(diseaseStatus({ cancel: false, active: true, startDate: '2026-11-22' }, '2026-11-22').label).toBe('Active');
    expect(diseaseStatus({ cancel: false, active: false, startDate: '2026-11-23' }, '2026-11-22').label).toBe('Upcoming');
    expect(diseaseStatus({ cancel: false, active: false, startDate: '2026-11-01' }, '2026-11-22').label).toBe('Ended');
  });
});
