import { describe, expect, it } from 'vitest';
import { z } from './messages.ts';

describe('union messages', () => {
  const schema = z.object({ developerMode: z.union([z.boolean(), z.stringbool()]), node: z.union([z.object({ op: z.enum(['and']) }), z.null()]) });
  const first = (value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? null : r.error.issues[0].message;
  };

  it("name the field and the first form's problem instead of 'Invalid input'", () => {
    expect(first({ developerMode: 'perhaps', node: null })).toBe('developerMode must be true or false');
    expect(first({ developerMode: true, node: { op: 'xor' } })).toBe('node: op must be one of: and');
  });
});
