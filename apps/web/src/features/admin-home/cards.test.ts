import { describe, expect, it } from 'vitest';
import { ROUTES, type AccessSubject } from '@tripline/core';
import { adminCards } from './cards.ts';

const admin: AccessSubject = { types: ['SecureEmployee'], ldapGroups: [], adminAccess: true };
const dispatcher: AccessSubject = { types: ['SecureEmployee'], ldapGroups: ['Dispatch'], adminAccess: false };
const credentialing: AccessSubject = { types: ['SecureEmployee'], ldapGroups: ['PartnerCredentialing'], adminAccess: false };

const built = (...paths: string[]) => (p: string) => paths.includes(p);
const paths = (user: AccessSubject, isBuilt: (p: string) => boolean) =>
  adminCards(ROUTES, user, isBuilt).map((c) => c.path);

describe('admin home cards', () => {
  it('come from the route table: only screens that are built get a card', () => {
    expect(paths(admin, built('/admin/contacts', '/log'))).toEqual(['/admin/contacts', '/log']);
    expect(paths(admin, () => false)).toEqual([]);
  });

  it('leave out what the user may not open', () => {
    const isBuilt = built('/admin/mco', '/admin/contacts', '/admin/credentials');
    expect(paths(admin, isBuilt)).toEqual(['/admin/contacts', '/admin/credentials', '/admin/mco']);
    expect(paths(dispatcher, isBuilt)).toEqual(['/admin/contacts']);
    expect(paths(credentialing, isBuilt)).toEqual(['/admin/contacts', '/admin/credentials']);
  });

  it('leave out the admin home, redirects, pages with a path parameter, forwarding pages and other audiences’ homes', () => {
    const isBuilt = built('/admin', '/admin/watchlist', '/drive-assv-edit/{id}', '/admin/trips-redirect', '/', '/schedule', '/passenger-portal/', '/contact', '/messages');
    expect(paths(admin, isBuilt)).toEqual([]);
  });

  it('are grouped by section, then by title', () => {
    const names = new Map([['/vehicles', 'Vehicles']]);
    expect(adminCards(ROUTES, dispatcher, built('/vehicles', '/log', '/admin/divisions'), names)).toEqual([
      { path: '/admin/divisions', title: 'Divisions admin', description: null, section: 'Administration' },
      { path: '/log', title: 'Audit log by record or by user', description: null, section: 'Operations' },
      { path: '/vehicles', title: 'Vehicles', description: 'Vehicle list with an add button', section: 'Operations' },
    ]);
  });
});
