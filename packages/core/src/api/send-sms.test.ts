import { describe, expect, it } from 'vitest';
import './messages.ts';
import { TRIP_MSG } from '../trips/messages.ts';
import { SendSmsBody } from './trips.ts';

const problem = (body: unknown) => {
  const r = SendSmsBody.safeParse(body);
  return r.success ? null : r.error.issues[0].message;
};

describe('SendSmsBody (spec 1 §7 send-sms)', () => {
  it("answers 'Missing required contact id' for a trip's text without a contact, with a null one or a blank one", () => {
    expect(TRIP_MSG.MISSING_CONTACT_ID).toBe('Missing required contact id');
    for (const contactId of [undefined, null, '', '   ', 42])
      expect(problem({ daId: 'trip-1', contactId, message: 'On our way' })).toBe(TRIP_MSG.MISSING_CONTACT_ID);
    expect(problem({ contactId: null, message: 'On our way' })).toBe('daId is required');
  });

  it("takes a trip's text with a contact, the number optional or null", () => {
    expect(SendSmsBody.parse({ daId: 'trip-1', contactId: 'c-1', message: ' On our way ' })).toEqual({ daId: 'trip-1', contactId: 'c-1', message: 'On our way' });
    expect(problem({ daId: 'trip-1', contactId: 'c-1', to: null, message: 'On our way' })).toBeNull();
  });

  it('takes the driver form without any contact id; the vehicle may be absent or null and the sender is named by default', () => {
    expect(SendSmsBody.parse({ driverId: 'd-1', message: 'Call dispatch' })).toEqual({ driverId: 'd-1', message: 'Call dispatch', includeSenderName: true });
    expect(SendSmsBody.parse({ driverId: 'd-1', vehicleId: null, message: 'Call dispatch', includeSenderName: false })).toEqual({
      driverId: 'd-1',
      vehicleId: null,
      message: 'Call dispatch',
      includeSenderName: false,
    });
  });

  it("words the first problem of the form that was meant, never the union's 'Invalid input'", () => {
    expect(problem({ driverId: 'd-1' })).toBe('message is required');
    expect(problem({ message: 'Call dispatch' })).toBe('driverId is required');
    expect(problem({ driverId: 'd-1', message: '  ' })).toBe('Write a message');
    expect(problem({ daId: 'trip-1', contactId: 'c-1', message: '' })).toBe('Write a message');
    expect(problem({ driverId: 'd-1', message: 'x', includeSenderName: 'yes' })).toBe('includeSenderName must be true or false');
    expect(problem({})).toBe('driverId is required');
    expect(problem(null)).not.toBe('Invalid input');
  });
});
