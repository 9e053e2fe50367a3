import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '@tripline/core';
import { guardOutcome } from './guard.ts';

const subject = (types: string[], extra: Partial<AccessSubject> = {}): AccessSubject => ({
  types,
  ldapGroups: [],
  adminAccess: false,
  ...extra,
});
const affiliate = subject(['Affiliate']);
const staff = subject(['SecureEmployee']);
const nobody = subject([]);

describe('guardOutcome (spec 1 §2, §6)', () => {
  it('renders public routes without waiting for the user', () => {
    expect(guardOutcome('/login', '', undefined)).toMatchObject({ kind: 'render', route: { path: '/login' } });
    expect(guardOutcome('/FAQ', '', null)).toMatchObject({ kind: 'render' });
  });

  it('waits for the user on a protected route, then saves it and signs in', () => {
    expect(guardOutcome('/admin/trips', '?serviceDate=2025-03-01', undefined)).toEqual({ kind: 'wait' });
    expect(guardOutcome('/admin/trips', '?serviceDate=2025-03-01', null)).toEqual({
      kind: 'navigate',
      to: '/init-user',
      save: '/admin/trips?serviceDate=2025-03-01',
    });
  });

  it('remembers nothing for the bare site address, so sign-in lands on the default page', () => {
    expect(guardOutcome('/', '', null)).toEqual({ kind: 'navigate', to: '/init-user', save: null });
    expect(guardOutcome('/', '?date=2025-03-01', null)).toMatchObject({ save: '/?date=2025-03-01' });
  });

  it('follows redirects with the query, and sends unknown paths home', () => {
    expect(guardOutcome('/marketplace-v1', '?zip=87101', undefined)).toEqual({ kind: 'navigate', to: '/marketplace?zip=87101' });
    expect(guardOutcome('/no-such-page', '?x=1', affiliate)).toEqual({ kind: 'navigate', to: '/' });
    expect(guardOutcome('/credentials', '', null)).toEqual({ kind: 'navigate', to: '/compliance' });
  });

  it('renders an allowed route with its path parameters', () => {
    expect(guardOutcome('/drive-assv-edit/AB12345', '', staff)).toMatchObject({ kind: 'render', params: { id: 'AB12345' } });
  });

  it('sends a denied user to their default page with a notice', () => {
    expect(guardOutcome('/admin', '', affiliate)).toEqual({ kind: 'navigate', to: '/', denied: true });
    expect(guardOutcome('/', '', staff)).toEqual({ kind: 'navigate', to: '/admin/trips', denied: true });
  });

  it('has no page for a user without any role', () => {
    expect(guardOutcome('/admin', '', nobody)).toEqual({ kind: 'noAccess' });
  });

  it('shows staff the schedule timeline for /schedule (DECISIONS 7)', () => {
    expect(guardOutcome('/schedule', '?date=2025-03-01', staff)).toEqual({ kind: 'navigate', to: '/admin/schedule?date=2025-03-01' });
    expect(guardOutcome('/schedule', '', affiliate)).toMatchObject({ kind: 'render', route: { title: 'Home' } });
  });
});
