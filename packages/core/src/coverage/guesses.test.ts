import { describe, expect, it } from 'vitest';
import { guessDuration, mostFrequentApptType, onTimeRuleFor, secondsBetween, DEFAULT_ON_TIME_RULE } from './guesses.ts';

describe('mostFrequentApptType', () => {
  it('is null without history', () => {
    expect(mostFrequentApptType([])).toBeNull();
  });
  it('takes the most frequent type; a tie goes to the latest visit', () => {
    const visits = [
      { apptType: 'Dialysis', serviceDate: '2026-11-01' },
      { apptType: 'Dialysis', serviceDate: '2026-11-03' },
      { apptType: 'Cardiology', serviceDate: '2026-11-10' },
    ];
    expect(mostFrequentApptType(visits)).toEqual({ apptType: 'Dialysis', count: 2, of: 3 });
    expect(mostFrequentApptType([...visits, { apptType: 'Cardiology', serviceDate: '2026-10-01' }])).toEqual({ apptType: 'Cardiology', count: 2, of: 4 });
  });
});

describe('guessDuration', () => {
  it('answers nulls without a usable wait', () => {
    expect(guessDuration([])).toEqual({ seconds: null, confidence: null, samples: 0 });
    expect(guessDuration([0, -60, 90_000])).toEqual({ seconds: null, confidence: null, samples: 0 });
  });
  it('takes the median; one visit gives little confidence', () => {
    expect(guessDuration([3600])).toEqual({ seconds: 3600, confidence: 0.1, samples: 1 });
    expect(guessDuration([3600, 4200, 3000])).toMatchObject({ seconds: 3600, samples: 3 });
  });
  it('is fully confident with 10 identical visits and not at all with a 2-hour spread', () => {
    expect(guessDuration(Array(10).fill(3 * 3600)).confidence).toBe(1);
    expect(guessDuration([...Array(5).fill(1800), ...Array(5).fill(1800 + 4 * 3600)]).confidence).toBe(0);
  });
});

describe('secondsBetween', () => {
  it('reads HH:MM and HH:MM:SS; null when a time is missing', () => {
    expect(secondsBetween('09:40:00', '12:10')).toBe(9000);
    expect(secondsBetween(null, '12:10')).toBeNull();
  });
});

describe('onTimeRuleFor', () => {
  const own = { pickupEarlyMinutes: 5, pickupLateMinutes: 5, arriveBeforeApptMinutes: 30 };
  it("prefers the passenger's rule, then the bill-to's, then the operator's", () => {
    expect(onTimeRuleFor(own, { ...own, arriveBeforeApptMinutes: 45 })).toEqual({ rule: own, source: 'passenger' });
    expect(onTimeRuleFor(null, own)).toEqual({ rule: own, source: 'billTo' });
    expect(onTimeRuleFor(null, null)).toEqual({ rule: DEFAULT_ON_TIME_RULE, source: 'operator' });
  });
});
