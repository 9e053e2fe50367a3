import { authEndpoints } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/** Staff impersonate a contact until sign-out (spec 1 §6). */
export function impersonate(id: string) {
  return callApi(authEndpoints.su, { query: { id } });
}
