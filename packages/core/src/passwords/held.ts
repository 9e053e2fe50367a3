import type { EndpointName } from '../api/contract.ts';

/**
 * While a user holds a temporary password (set by a reset), the portal answers only what the
 * password page and signing out need; every other call is refused until they choose their own.
 */
export const TEMPORARY_PASSWORD_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'currentUser',
  'passwordEdit',
  'passwordGenerator',
  'logout',
]);

export const TEMPORARY_PASSWORD_MSG = 'Choose a new password first: the one you signed in with was temporary';

/** Whether a signed-in user may call an endpoint, as far as a temporary password goes. */
export const mayCallWithPassword = (user: { passwordChangeRequired?: boolean }, endpoint: EndpointName): boolean =>
  !user.passwordChangeRequired || TEMPORARY_PASSWORD_ENDPOINTS.has(endpoint);
