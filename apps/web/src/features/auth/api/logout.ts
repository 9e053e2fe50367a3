import { authEndpoints } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/** Signing out always goes through, even while another write runs; the session ends either way. */
export function logout() {
  return callApi(authEndpoints.logout, { concurrent: true, quiet: true });
}
