import { authEndpoints, type MfaOptions } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

export type DeliveryMethod = 'email' | 'sms';

const NO_OPTIONS: MfaOptions = { emails: [], phones: [] };

/** spec 1 §2: a failure of this load is tolerated and means no method is available. */
export async function getMfaOptions(signal?: AbortSignal): Promise<MfaOptions> {
  try {
    return await callApi(authEndpoints.mfaRetrievalOptions, { quiet: true, signal });
  } catch {
    return NO_OPTIONS;
  }
}

// spec 3 §8: a 401 on these two reloads the page, so the caller handles 401 itself.
export function chooseDeliveryMethod(method: DeliveryMethod, id: string) {
  return callApi(authEndpoints.mfaChooseDeliveryMethod, { body: { method, id }, quiet: [401] });
}

/** A refused code (wrong, expired, too many tries) is explained next to the code field instead. */
const CODE_REFUSED = [400, 401, 409, 410, 422, 429];

export function verifyCode(verificationCode: string, rememberMe: boolean) {
  return callApi(authEndpoints.mfaVerifyCode, { body: { verificationCode, rememberMe }, quiet: CODE_REFUSED });
}
