import { authEndpoints } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { basicAuthorization } from '../../../lib/basic-auth.ts';

/** spec 1 §7: credentials travel in a Basic authorization header; the form shows its own errors. */
export function login(username: string, password: string) {
  return callApi(authEndpoints.login, {
    headers: { Authorization: basicAuthorization(username, password) },
    quiet: true,
  });
}
