import { PASSWORD_SPECIALS } from './rules.ts';

/** Length of a generated password: well above the minimum, still easy to type from a screen. */
export const GENERATED_PASSWORD_LENGTH = 12;

// Letters and digits that cannot be mistaken for one another when read aloud or off a screen.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS + PASSWORD_SPECIALS;

/**
 * A password that ticks all five displayed rules: one character of each kind, the rest from every
 * kind, shuffled. `randomInt(n)` answers a uniform integer in [0, n) (crypto.randomInt on the server).
 */
export function generatePassword(randomInt: (n: number) => number, length = GENERATED_PASSWORD_LENGTH): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(PASSWORD_SPECIALS)];
  while (chars.length < Math.max(length, chars.length)) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
