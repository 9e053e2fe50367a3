import { describe, expect, it } from 'vitest';
import { basicAuthorization } from './basic-auth.ts';

describe('basicAuthorization', () => {
  it('encodes user:password as UTF-8 base64', () => {
    expect(basicAuthorization('admin', 'Tripline1!')).toBe(`Basic ${Buffer.from('admin:Tripline1!').toString('base64')}`);
    expect(basicAuthorization('josé', 'pässword')).toBe(`Basic ${Buffer.from('josé:pässword', 'utf8').toString('base64')}`);
  });
});
