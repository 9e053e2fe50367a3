import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../auth/roles.ts';
import { afterSignIn, decideRoute, matchRoute, routeTitle } from './navigation.ts';
import { ROUTES } from './routes.ts';

const u = (types: string[], ldapGroups: string[] = [], adminAccess = false): AccessSubject => ({ types, ldapGroups, adminAccess });
const partner = u(['Affiliate']);
const dispatcher = u(['SecureEmployee'], ['Dispatch']);
const caseManager = u(['Case Manager']);
const passenger = u(['Passenger', 'S/N Passenger']);
const admin = u(['SecureEmployee'], [], true);

describe('matchRoute', () => {
  it('matches path parameters', () => {
    expect(matchRoute('/drive-assv-edit/2000123')).toMatchObject({ route: { path: '/drive-assv-edit/{id}' }, params: { id: '2000123' } });
  });
  it('keeps /schedule and /schedule/ apart as the spec lists them', () => {
    expect(matchRoute('/schedule')?.route.redirectTo).toBeUndefined();
    expect(matchRoute('/schedule/')?.route.redirectTo).toBe('/admin/schedule/');
  });
  it('finds nothing for an unknown path', () => expect(matchRoute('/nope/nothing')).toBeNull());
});

describe('decideRoute', () => {
  it('sends unknown paths to /', () => expect(decideRoute('/no/such/page', '', partner)).toEqual({ kind: 'redirect', to: '/' }));
  it('follows redirects', () => {
    expect(decideRoute('/credentials', '', partner)).toEqual({ kind: 'redirect', to: '/compliance' });
    expect(decideRoute('/reporting/exception-report', '', dispatcher)).toEqual({
      kind: 'redirect',
      to: '/reporting/by-name?name=ExceptionReportDetails',
    });
    expect(decideRoute('/lyft-monitor', '', dispatcher)).toEqual({ kind: 'redirect', to: '/ride-share-monitor' });
  });
  it('renders public routes without a user', () => {
    for (const p of ['/login', '/login-mfa', '/bug-report', '/FAQ', '/contact', '/ssb', '/partner-signup-form', '/init-user']) {
      expect(decideRoute(p, '', null).kind, p).toBe('render');
    }
  });
  it('saves path and query of a non-public route when nobody is signed in', () => {
    expect(decideRoute('/admin/trips', '?serviceDate=2026-11-22&division=NM01', null)).toEqual({
      kind: 'signIn',
      saved: '/admin/trips?serviceDate=2026-11-22&division=NM01',
    });
  });
  it('denies a route the role may not open and names the default page', () => {
    expect(decideRoute('/admin/trips', '', partner)).toEqual({ kind: 'denied', to: '/' });
    expect(decideRoute('/', '', dispatcher)).toEqual({ kind: 'denied', to: '/admin/trips' });
    expect(decideRoute('/log', '', passenger)).toEqual({ kind: 'denied', to: '/passenger-portal/' });
  });
  it('denies without a page to go to when the user has none', () => {
    expect(decideRoute('/messages', '', u(['Driver'])).kind).toBe('render');
    expect(decideRoute('/admin', '', u(['Driver']))).toEqual({ kind: 'denied', to: null });
  });
  it('needs SecureEmployee for a route without a role list', () => {
    expect(decideRoute('/fleet-map', '', dispatcher).kind).toBe('render');
    expect(decideRoute('/fleet-map', '', partner).kind).toBe('denied');
  });
  it('lets adminAccess open every route', () => {
    for (const r of ROUTES.filter((r) => !r.redirectTo && !r.public)) {
      const path = r.path.replace('{id}', '42');
      const d = decideRoute(path, '', admin);
      expect(['render', 'redirect'], path).toContain(d.kind);
    }
  });
  it('shows Home on /schedule to partners and sends staff to /admin/schedule (DECISIONS 7)', () => {
    expect(decideRoute('/schedule', '', partner).kind).toBe('render');
    expect(decideRoute('/schedule', '?date=2026-11-22', dispatcher)).toEqual({ kind: 'redirect', to: '/admin/schedule?date=2026-11-22' });
    expect(decideRoute('/schedule', '', admin)).toEqual({ kind: 'redirect', to: '/admin/schedule' });
  });
  it('sends partners who are not staff from trip inspection to the trip link, which finds their Home list (spec 1 §6)', () => {
    const id = '0b8f3a52-6b1d-4c1e-9a57-4d7f0a1c2e3b';
    expect(decideRoute('/admin/trips', `?serviceDate=2026-11-22&inspect=${id}`, partner)).toEqual({ kind: 'redirect', to: `/admin/trips-redirect?id=${id}` });
    expect(decideRoute('/admin/trips', '?referenceNumber=2000123', partner)).toEqual({ kind: 'redirect', to: '/admin/trips-redirect?referenceNumber=2000123' });
    // no trip named: the plain denial, as for any other staff page
    expect(decideRoute('/admin/trips', '?serviceDate=2026-11-22', partner).kind).toBe('denied');
    // staff stay on the search with the trip open; passengers are not partners
    expect(decideRoute('/admin/trips', `?inspect=${id}`, dispatcher).kind).toBe('render');
    expect(decideRoute('/admin/trips', `?inspect=${id}`, passenger).kind).toBe('denied');
  });
  it('sends case managers who are not PaceStaff from /admin/trips to /case-manager/', () => {
    expect(decideRoute('/admin/trips', '', caseManager)).toEqual({ kind: 'redirect', to: '/case-manager/' });
    expect(decideRoute('/admin/trips', '', u(['Case Manager', 'PaceStaff'])).kind).toBe('render');
  });
  it('lets staff and Affiliates follow /admin/trips-redirect, and nobody else (spec 1 §6)', () => {
    expect(decideRoute('/admin/trips-redirect', '?referenceNumber=2000123', partner).kind).toBe('render');
    expect(decideRoute('/admin/trips-redirect', '?referenceNumber=2000123', dispatcher).kind).toBe('render');
    expect(decideRoute('/admin/trips-redirect', '?referenceNumber=2000123', passenger).kind).toBe('denied');
    expect(decideRoute('/admin/trips-redirect', '?referenceNumber=2000123', caseManager).kind).toBe('denied');
  });
  it('opens /messages to every role', () => {
    for (const user of [partner, dispatcher, caseManager, passenger]) expect(decideRoute('/messages', '', user).kind).toBe('render');
  });
});

describe('afterSignIn', () => {
  it('restores a saved route the user may open', () => {
    expect(afterSignIn('/admin/trips?serviceDate=2026-11-22', dispatcher)).toBe('/admin/trips?serviceDate=2026-11-22');
  });
  it('falls back to the default page for a route the user may not open', () => {
    expect(afterSignIn('/admin/trips', partner)).toBe('/');
  });
  it('ignores sign-in pages and addresses on other sites', () => {
    expect(afterSignIn('/login', partner)).toBe('/');
    expect(afterSignIn('//evil.example/x', partner)).toBe('/');
    expect(afterSignIn('https://evil.example/', partner)).toBe('/');
  });
  it('sends a saved bare / to the default page', () => {
    expect(afterSignIn('/', u(['SecureEmployee'], [], true))).toBe('/admin');
  });
  it('answers null when the user has no page', () => expect(afterSignIn(null, u(['Driver']))).toBeNull());
});

describe('routeTitle', () => {
  it('derives the title from the route', () => {
    expect(routeTitle(matchRoute('/compliance')?.route)).toMatch(/· Tripline$/);
    expect(routeTitle(undefined)).toBe('Tripline');
  });
});
