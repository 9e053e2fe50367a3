import { describe, expect, it } from 'vitest';
import {
  assistantLeg,
  droppedSavedLegs,
  multipleProvidersWarning,
  nextWhichLeg,
  passengerTypeError,
  reservationKey,
  returnLeg,
  returnTypeAfterAdding,
  waitLeg,
  type PlannedLeg,
} from './legs.ts';

const A: PlannedLeg<string> = {
  id: 'leg-a',
  whichLeg: 'A',
  locFirstAction: 'PU',
  locSecondAction: 'DO',
  passengerId: 'p1',
  locationFirst: 'home',
  locationSecond: 'clinic',
  locFirstTimeOrd: '09:30:00',
  locSecondTimeOrd: '09:55:00',
  apptTime: '10:00:00',
  serviceCode: '03',
};

describe('adding legs (spec 2 §4, §5)', () => {
  it('names the next leg after the last letter', () => {
    expect(nextWhichLeg([])).toBe('A');
    expect(nextWhichLeg([{ whichLeg: 'A' }, { whichLeg: 'C' }])).toBe('D');
  });

  it('a return leg goes back from the destination to the pickup, with no times', () => {
    const r = returnLeg(A, [A], false);
    expect(r).toEqual({
      leg: { ...A, id: null, whichLeg: 'B', locationFirst: 'clinic', locationSecond: 'home', locFirstTimeOrd: null, locSecondTimeOrd: null, apptTime: null, canceled: false },
    });
  });

  it('a will-call trip refuses a return and a wait leg', () => {
    expect(returnLeg(A, [A], true)).toEqual({ error: 'This action is not possible for a "Will Call" trip.' });
    expect(waitLeg(A, [A], true)).toEqual({ error: 'This action is not possible for a "Will Call" trip.' });
  });

  it('a wait leg waits at the destination and starts 15 minutes after the appointment', () => {
    const r = waitLeg(A, [A], false);
    expect(r).toMatchObject({ leg: { whichLeg: 'B', locFirstAction: 'WT', locSecondAction: 'DP', locationFirst: 'clinic', locFirstTimeOrd: '10:15:00', apptTime: null } });
  });

  it('an assistant leg copies stops and times with service 06 and no passenger', () => {
    expect(assistantLeg(A, 'C')).toEqual({ ...A, id: null, whichLeg: 'C', passengerId: null, serviceCode: '06', canceled: false });
  });

  it('return type becomes Wait And Return after a wait leg and Multiple Stops after an assistant leg', () => {
    expect(returnTypeAfterAdding('wait', 'Standard Return')).toBe('Wait And Return');
    expect(returnTypeAfterAdding('assistant', 'Wait And Return')).toBe('Multiple Stops');
    expect(returnTypeAfterAdding('return', null)).toBe('Standard Return');
    expect(returnTypeAfterAdding('return', 'Multiple Stops')).toBe('Multiple Stops');
  });
});

describe('saved legs are cancelled, never deleted (spec 2 §5)', () => {
  it('lists the saved legs a save leaves out, ignoring case', () => {
    expect(droppedSavedLegs(['A1', 'b2'], [{ id: 'a1' }, { id: null }])).toEqual(['b2']);
    expect(droppedSavedLegs(['a1'], [{ id: 'A1' }])).toEqual([]);
    expect(droppedSavedLegs([], [{}])).toEqual([]);
  });
});

describe('passenger contact type (spec 1 §5, 2 §5)', () => {
  it('accepts a contact whose types include a passenger type', () => {
    expect(passengerTypeError(['S/N Passenger'])).toBeNull();
    expect(passengerTypeError(['Case Manager', 'Passenger'])).toBeNull();
  });
  it('refuses any other with the spec text', () => {
    expect(passengerTypeError(['Case Manager'])).toBe('Passenger must be listed as a "Passenger" contact type');
    expect(passengerTypeError([])).toBe('Passenger must be listed as a "Passenger" contact type');
  });
});

describe('multiple providers for a passenger on a day (spec 2 §8)', () => {
  it('warns with the providers, sorted, when there are two or more', () => {
    expect(multipleProvidersWarning([{ farmoutName: 'Sandia' }, { farmoutName: 'Bosque' }, { farmoutName: 'Sandia' }])).toEqual({
      message: 'There are multiple providers for the same passenger on this day!',
      providers: ['Bosque', 'Sandia'],
    });
  });
  it('is silent with one provider, unassigned trips or cancelled ones', () => {
    expect(multipleProvidersWarning([{ farmoutName: 'Sandia' }, { farmoutName: null }])).toBeNull();
    expect(multipleProvidersWarning([{ farmoutName: 'Sandia' }, { farmoutName: 'Bosque', canceled: true }])).toBeNull();
  });
});

describe('/drive-assv-edit/{id} (spec 1 §2)', () => {
  it("'new' books, over 10 characters is an id, else a reference number", () => {
    expect(reservationKey('new')).toEqual({ new: true });
    expect(reservationKey('12345678901')).toEqual({ id: '12345678901' });
    expect(reservationKey('1234567890')).toEqual({ referenceNumber: '1234567890' });
  });
});
