import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './generator.ts';
import { newPasswordProblem, passwordChecklist } from './rules.ts';

describe('generated passwords', () => {
  it('tick all five displayed rules and pass the enforced rule, every time', () => {
    for (let i = 0; i < 500; i++) {
      const pw = generatePassword((n) => randomInt(n));
      expect(pw).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(passwordChecklist(pw).every((r) => r.met), pw).toBe(true);
      expect(newPasswordProblem(pw)).toBeNull();
      expect(pw).not.toMatch(/[0O1lI]/);
    }
  });

  it('even with the least random source, and at the shortest length', () => {
    const pw = generatePassword(() => 0, 4);
    expect(pw).toHaveLength(4);
    expect(passwordChecklist(pw).filter((r) => r.key !== 'length').every((r) => r.met)).toBe(true);
  });

  it('differ from one another', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword((n) => randomInt(n))));
    expect(seen.size).toBe(100);
  });
});
