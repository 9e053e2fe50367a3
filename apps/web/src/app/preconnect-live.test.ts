import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tripline/core';
import { currentUserKey } from '../lib/current-user.ts';
import { LiveClient, type SocketLike } from '../lib/live.ts';
import { preconnectLive } from './preconnect-live.ts';

const partner: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  contactNumber: 100063,
  name: 'Kevin Archuleta',
  types: ['Affiliate'],
  ldapGroups: [],
  adminAccess: false,
  autoSchedulerPost: false,
  partnerId: '00000000-0000-4000-8000-000000000002',
  partnerName: 'Archuleta Transport',
  division: 'NM01',
  timeZone: 'America/Denver',
  su: null,
};

function setup(signedIn: boolean) {
  const values = new Map<string, string>(signedIn ? [['tripline.signedIn', '1']] : []);
  const store = {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
  const opened: string[] = [];
  const live = new LiveClient({
    url: () => 'ws://portal/api/live',
    createSocket: (url) => {
      opened.push(url);
      return { readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null } satisfies SocketLike;
    },
  });
  const queryClient = new QueryClient();
  return { store, values, opened, live, queryClient };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('preconnectLive', () => {
  it('opens the live socket at start on a signed-in page of a tab that was signed in', () => {
    const { store, opened, live, queryClient } = setup(true);
    preconnectLive(queryClient, '/', live, store);
    expect(opened).toEqual(['ws://portal/api/live']);
  });

  it('opens nothing on sign-in and public pages, or in a tab that was not signed in', () => {
    for (const [path, signedIn] of [['/login', true], ['/FAQ', true], ['/no-such-page', true], ['/', false]] as const) {
      const { store, opened, live, queryClient } = setup(signedIn);
      preconnectLive(queryClient, path, live, store);
      expect(opened, path).toEqual([]);
    }
  });

  it('remembers whether the tab is signed in from the current-user answers', () => {
    const { store, values, live, queryClient } = setup(false);
    preconnectLive(queryClient, '/login', live, store);
    queryClient.setQueryData(currentUserKey, partner);
    expect(values.get('tripline.signedIn')).toBe('1');
    queryClient.setQueryData(currentUserKey, null);
    expect(values.has('tripline.signedIn')).toBe(false);
  });
});
