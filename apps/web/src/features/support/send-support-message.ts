import { contract, SUPPORT_OK, type BodyOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/**
 * spec 1 §7: contact-support answers 'OK' when the message arrived; anything else is not a success.
 * Field problems (400) are shown on the form; other failures by the app's toasts.
 */
export async function sendSupportMessage(body: BodyOf<typeof contract.contactSupport>): Promise<boolean> {
  const answer: unknown = await callApi(contract.contactSupport, { body, quiet: [400], validate: false });
  return answer === SUPPORT_OK;
}
