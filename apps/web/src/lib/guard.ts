import { decideRoute, matchRoute, type AccessSubject, type RouteDef } from '@tripline/core';
import { withQuery } from './route-paths.ts';

export type GuardOutcome =
  | { kind: 'render'; route: RouteDef; params: Record<string, string> }
  /** The signed-in user is not known yet. */
  | { kind: 'wait' }
  | {
      kind: 'navigate';
      to: string;
      /** Remember this route for after sign-in; null forgets any remembered one. */
      save?: string | null;
      /** Tell the user the area is not theirs (spec 1 §6). */
      denied?: boolean;
    }
  /** Signed in, but no page of the site is open to this user. */
  | { kind: 'noAccess' };

/**
 * What the shell does for a location. `user` is undefined while it loads, null when signed out.
 * Public routes and redirects never wait for the user.
 */
export function guardOutcome(pathname: string, search: string, user: AccessSubject | null | undefined): GuardOutcome {
  const decision = decideRoute(pathname, search, user ?? null);
  switch (decision.kind) {
    case 'render':
      return decision;
    case 'redirect':
      // An unknown path goes home plainly: its query meant nothing there.
      return { kind: 'navigate', to: matchRoute(pathname) ? withQuery(decision.to, search) : decision.to };
    case 'signIn':
      if (user === undefined) return { kind: 'wait' };
      // The bare site address asks for no page in particular: after sign-in the user's own
      // default page (e.g. /admin) serves better than restoring /.
      return { kind: 'navigate', to: '/init-user', save: decision.saved === '/' ? null : decision.saved };
    case 'denied':
      return decision.to ? { kind: 'navigate', to: decision.to, denied: true } : { kind: 'noAccess' };
  }
}
