import { MSG, STATUS_VERSION_OUT_OF_DATE } from '@tripline/core';
import { STATUS_IN_PROGRESS, STATUS_NO_RESPONSE, type ApiError } from './api.ts';

/** Pages where being signed out is expected, so a 401 says nothing (spec 1 §8). */
export const SIGN_IN_PAGES = ['/login', '/login-mfa', '/init-user', '/logout', '/passenger-portal/login', '/case-manager/login'];

export function isSignInPage(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return SIGN_IN_PAGES.includes(path);
}

export type ErrorAction =
  | { kind: 'none' }
  /** Session missing or expired: go to /login. */
  | { kind: 'signIn' }
  | {
      kind: 'toast';
      level: 'error' | 'warning';
      message: string;
      /** Stays until closed instead of timing out. */
      persist?: boolean;
      /** Offers the 'Report Bug' link. */
      reportBug?: boolean;
      /** One toast for repeated failures of the same kind. */
      id?: string;
      /** Leave the page for the user's home after showing it. */
      goHome?: boolean;
    };

/** The error catalogue of spec 1 §8 and 2 §8, for a failure the caller did not handle itself. */
export function errorAction(error: Pick<ApiError, 'status' | 'message'>, pathname: string): ErrorAction {
  switch (error.status) {
    case 0:
    case 401:
      return isSignInPage(pathname) ? { kind: 'none' } : { kind: 'signIn' };
    case STATUS_NO_RESPONSE:
      return { kind: 'toast', level: 'error', message: MSG.SERVER_NOT_RESPONDING, persist: true, id: 'server-not-responding' };
    case STATUS_IN_PROGRESS:
      return { kind: 'toast', level: 'warning', message: MSG.WAIT_PREVIOUS, id: 'wait-previous' };
    case 403:
      return { kind: 'toast', level: 'error', message: MSG.RESOURCE_DENIED, id: 'resource-denied', goHome: true };
    case STATUS_VERSION_OUT_OF_DATE:
      return { kind: 'toast', level: 'error', message: MSG.VERSION_OUT_OF_DATE, persist: true, id: 'version-out-of-date' };
    default:
      return { kind: 'toast', level: 'error', message: MSG.GENERIC_ERROR(error.message || MSG.NO_COMMUNICATION), reportBug: true };
  }
}
