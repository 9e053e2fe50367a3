import { describe, expect, it } from 'vitest';
import { PASSWORD_MSG, newPasswordProblem, passwordChecklist, passwordClassCount, passwordPairProblem } from './rules.ts';

const ticked = (pw: string) => Object.fromEntries(passwordChecklist(pw).map((r) => [r.key, r.met]));

describe('password rules (spec 2 §5, DECISIONS 3)', () => {
  it('refuses 5 characters and accepts 6 with three classes', () => {
    expect(newPasswordProblem('Ab1de')).toBe('The password must have at least 6 characters');
    expect(newPasswordProblem('Ab1def')).toBeNull();
  });

  it('refuses two classes and accepts three, whichever three', () => {
    expect(newPasswordProblem('abcdef12')).toBe(PASSWORD_MSG.CLASSES);
    expect(newPasswordProblem('ABCDEFgh')).toBe(PASSWORD_MSG.CLASSES);
    expect(newPasswordProblem('!!!!!!12')).toBe(PASSWORD_MSG.CLASSES);
    expect(newPasswordProblem('abcde12!')).toBeNull();
    expect(newPasswordProblem('ABCDE12!')).toBeNull();
    expect(newPasswordProblem('ABCdef!!')).toBeNull();
    expect(newPasswordProblem('ABCdef12')).toBeNull();
    expect(PASSWORD_MSG.CLASSES).toBe(
      'The password must mix at least 3 of: uppercase letters, lowercase letters, digits and other characters',
    );
  });

  it('counts the four classes: A-Z, a-z, 0-9 and anything else (a space, ?, @, é)', () => {
    expect(passwordClassCount('')).toBe(0);
    expect(passwordClassCount('aaaa')).toBe(1);
    expect(passwordClassCount('aA')).toBe(2);
    expect(passwordClassCount('aA1')).toBe(3);
    expect(passwordClassCount('aA1 ')).toBe(4);
    expect(passwordClassCount('?@é')).toBe(1);
  });

  it('refuses more than 200 characters', () => {
    expect(newPasswordProblem('Aa1'.repeat(66) + 'xy')).toBeNull();
    expect(newPasswordProblem('Aa1'.repeat(67))).toBe('The password may have at most 200 characters');
  });

  it('wants the verify field to match, after the password itself is fine', () => {
    expect(passwordPairProblem('Ab1def', 'Ab1def')).toBeNull();
    expect(passwordPairProblem('Ab1def', 'Ab1deF')).toBe('The two new passwords do not match');
    expect(passwordPairProblem('Ab1de', 'x')).toBe(PASSWORD_MSG.TOO_SHORT);
  });

  it('ticks the five displayed rules one by one as the user types', () => {
    expect(passwordChecklist('').map((r) => r.label)).toEqual([
      'At least 6 characters',
      'At least one special character (! # $ % &)',
      'At least one digit',
      'At least one uppercase letter (A-Z, also ? or @)',
      'At least one lowercase letter',
    ]);
    expect(ticked('')).toEqual({ length: false, special: false, digit: false, upper: false, lower: false });
    expect(ticked('a')).toMatchObject({ lower: true, upper: false });
    expect(ticked('aB')).toMatchObject({ upper: true });
    expect(ticked('a?')).toMatchObject({ upper: true });
    expect(ticked('a@')).toMatchObject({ upper: true });
    expect(ticked('aB3')).toMatchObject({ digit: true, special: false });
    expect(ticked('aB3*')).toMatchObject({ special: false });
    expect(ticked('aB3&')).toMatchObject({ special: true, length: false });
    expect(ticked('aB3&xy')).toEqual({ length: true, special: true, digit: true, upper: true, lower: true });
  });

  it('enforces 3 of 4 even when the checklist is not all ticked', () => {
    // no special character from the list, yet accepted: the checklist guides, the classes decide
    expect(ticked('Abcdef1').special).toBe(false);
    expect(newPasswordProblem('Abcdef1')).toBeNull();
  });
});
