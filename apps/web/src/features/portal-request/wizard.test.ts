import { describe, expect, it } from 'vitest';
import { PORTAL_REQUEST_MSG, type TripCreateOptions } from '@tripline/core';
import { fieldErrors, formErrors, initialForm, placeOfText, requestOf, tripPageLink } from './wizard.ts';

const home = { id: 'h1', label: 'Home', name: null, text: '500 Marquette Ave NW, Albuquerque, NM 87102', lat: 35, lng: -106, zip: '87102', quality: 'exact' as const, source: 'contact' as const };
const clinic = { ...home, id: 'c1', label: null, text: '1101 Medical Arts Ave NE, Albuquerque, NM 87106', source: 'trip' as const };
const options: TripCreateOptions = {
  passenger: { id: 'p1', name: 'Rosa Chavez', dob: null, memberId: 'VH-1', lastTripDate: null },
  addresses: [home, clinic],
  apptTypes: [{ code: 'Medical', display: 'Medical' }],
  serviceTypes: [
    { code: '01', name: 'Ambulatory' },
    { code: '03', name: 'Wheelchair' },
  ],
  earliestDate: '2026-03-05',
  latestDate: '2026-04-04',
  noticeHoursMin: null,
  prefill: null,
};
const filled = { ...initialForm(options), serviceDate: '2026-03-10', apptType: 'Medical', apptTime: '10:00', locationFirst: { id: 'h1', text: home.text }, locationSecond: { id: null, text: '12 Elm St, Santa Fe, NM 87501' } };

describe('the request the form stands for', () => {
  it('sends an appointment with the pickup left to work out, a chosen address by id and a typed one by text', () => {
    expect(requestOf(filled, 'p1')).toEqual({
      passenger: 'p1',
      serviceTypeCode: '01',
      serviceDate: '2026-03-10',
      apptTime: '10:00:00',
      pickupTime: null,
      pickupTimeOverride: false,
      dropoffTime: null,
      willCall: false,
      locationFirst: { id: 'h1' },
      locationSecond: { text: '12 Elm St, Santa Fe, NM 87501' },
      apptType: 'Medical',
      farConfirmed: false,
    });
  });
  it('sends the pickup the user set, and no times on will call', () => {
    expect(requestOf({ ...filled, setPickup: true, pickupTime: '09:15' }, 'p1')).toMatchObject({ pickupTime: '09:15:00', pickupTimeOverride: true, apptTime: '10:00:00' });
    expect(requestOf({ ...filled, timing: 'pickup', pickupTime: '09:15' }, 'p1')).toMatchObject({ pickupTime: '09:15:00', pickupTimeOverride: false, apptTime: null });
    expect(requestOf({ ...filled, timing: 'willCall', pickupTime: '09:15' }, 'p1')).toMatchObject({ willCall: true, pickupTime: null, apptTime: null });
  });
});

describe('rule 188: what the browser refuses before a preview', () => {
  it('accepts a complete form', () => {
    expect(formErrors(filled, 'p1', options, '2026-03-04', '10:00:00')).toEqual({});
  });
  it('names each missing field', () => {
    const errors = formErrors(initialForm(options), 'p1', options, '2026-03-04', '10:00:00');
    expect(Object.keys(errors).sort()).toEqual(['apptTime', 'apptType', 'locationFirst', 'locationSecond', 'serviceDate']);
    expect(formErrors({ ...initialForm(options), timing: 'pickup' }, 'p1', options, '2026-03-04', '10:00:00').pickupTime).toBe('Enter the pickup time');
    expect(errors.apptType).toBe(PORTAL_REQUEST_MSG.APPT_TYPE_REQUIRED);
  });
  it('refuses a date outside the offered window', () => {
    expect(formErrors({ ...filled, serviceDate: '2026-04-05' }, 'p1', options, '2026-03-04', '10:00:00')).toEqual({ serviceDate: 'The latest date you can request is Saturday, April 4' });
  });
});

describe('prefill', () => {
  it('fills all but the date from the trip, keeping only what is still offered', () => {
    const form = initialForm({
      ...options,
      prefill: { from: 'return', referenceNumber: 'R1', serviceTypeCode: '05', pickupTime: null, dropoffTime: null, apptTime: null, pickupTimeOverride: false, willCall: false, apptType: 'Medical', locationFirst: clinic, locationSecond: home },
    });
    expect(form).toMatchObject({ serviceTypeCode: '01', serviceDate: null, apptType: 'Medical', timing: 'appointment', locationFirst: { id: 'c1' }, locationSecond: { id: 'h1' } });
  });
});

describe('helpers', () => {
  it('takes a typed text as an address on file only when it is exactly one', () => {
    expect(placeOfText(home.text, [home])).toEqual({ id: 'h1', text: home.text });
    expect(placeOfText('500 Marquette', [home])).toEqual({ id: null, text: '500 Marquette' });
  });
  it('keeps the first message of each field, the drop-off time shown at the pickup', () => {
    expect(fieldErrors([{ path: 'locationSecond.id', message: 'a' }, { path: 'locationSecond', message: 'b' }, { path: 'dropoffTime', message: 'c' }])).toEqual({ locationSecond: 'a', pickupTime: 'c' });
  });
  it('leads to the trip page of each portal, and staff to the trip list', () => {
    const trip = { daId: 'd 1', referenceNumber: 'R7' };
    expect(tripPageLink(trip, 'passenger')).toBe('/passenger-portal/?daId=d%201');
    expect(tripPageLink(trip, 'caseManager')).toBe('/case-manager/?daId=d%201');
    expect(tripPageLink(trip, 'staff')).toBe('/admin/trips?referenceNumber=R7');
  });
});
