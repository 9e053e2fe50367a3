import { describe, expect, it } from 'vitest';
import './messages.ts';
import { MSG } from '../shell/messages.ts';
import { TRIP_MSG } from '../trips/messages.ts';
import { BugReportBody, SuQuery } from './auth.ts';
import { SendSmsBody } from './trips.ts';

const firstMessage = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

/** A required field that is missing answers the spec's own text where the spec has one. */
describe('missing fields with a spec text', () => {
  it("send-sms for a trip without a contact id: 'Missing required contact id' (spec 1 §8)", () => {
    expect(firstMessage(SendSmsBody, { daId: 'trip-1', message: 'On our way' })).toBe('Missing required contact id');
  });
  it("su without a contact id: 'Missing required contact id'", () => {
    expect(firstMessage(SuQuery, {})).toBe(TRIP_MSG.MISSING_CONTACT_ID);
  });
  it("a bug report without a description, or a null one: 'You must provide more detail' (spec 2 §5)", () => {
    expect(MSG.MORE_DETAIL).toBe('You must provide more detail');
    expect(firstMessage(BugReportBody, { url: '/x' })).toBe('You must provide more detail');
    expect(firstMessage(BugReportBody, { description: null })).toBe('You must provide more detail');
    expect(firstMessage(BugReportBody, { description: 'x'.repeat(63) })).toBe('You must provide more detail');
    expect(firstMessage(BugReportBody, { description: 'x'.repeat(64) })).toBeNull();
  });
});
