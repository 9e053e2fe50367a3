import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MSG, supportMessageProblems, supportPhoneDigits } from './support.ts';

const fields = (p: { field: string; message: string }[]) => p.map((x) => `${x.field}: ${x.message}`);

describe('support messages (spec 1 §7)', () => {
  it('takes 5,000 characters and refuses 5,001', () => {
    expect(supportMessageProblems({ message: 'x'.repeat(SUPPORT_MESSAGE_MAX) }, true)).toEqual([]);
    expect(fields(supportMessageProblems({ message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }, true))).toEqual([
      'message: The message may have at most 5,000 characters',
    ]);
  });

  it('wants a message that is more than spaces', () => {
    expect(fields(supportMessageProblems({ message: '   ' }, true))).toEqual(['message: Enter a message']);
  });

  it('a sender who is not signed in gives a name and an email address or a phone number', () => {
    expect(fields(supportMessageProblems({ message: 'Help' }, false))).toEqual([
      `name: ${SUPPORT_MSG.NAME_REQUIRED}`,
      `email: ${SUPPORT_MSG.CONTACT_REQUIRED}`,
    ]);
    expect(supportMessageProblems({ message: 'Help', name: 'Ana', email: 'ana@example.com' }, false)).toEqual([]);
    expect(supportMessageProblems({ message: 'Help', name: 'Ana', phone: '(505) 555-0142' }, false)).toEqual([]);
  });

  it('checks an email address or phone number that is given, signed in or not', () => {
    expect(fields(supportMessageProblems({ message: 'Help', email: 'ana@' }, true))).toEqual([`email: ${SUPPORT_MSG.EMAIL_INVALID}`]);
    expect(fields(supportMessageProblems({ message: 'Help', name: 'Ana', phone: '555-0142' }, false))).toEqual([
      `phone: ${SUPPORT_MSG.PHONE_INVALID}`,
    ]);
  });

  it('reads US phone numbers with or without +1 and punctuation', () => {
    expect(supportPhoneDigits('+1 (505) 555-0142')).toBe('5055550142');
    expect(supportPhoneDigits('505.555.0142')).toBe('5055550142');
    expect(supportPhoneDigits('25055550142')).toBeNull();
    expect(supportPhoneDigits('505555014')).toBeNull();
  });
});
