import { contract, type BodyOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

// The portal's sign-in wizard, reset link and account settings (spec 2 §7). Refusals (400) and
// throttles (429) are shown on the step's own fields; other failures by the app's toasts.
const ON_THE_FORM = [400, 429];

export function findMyAccount(body: BodyOf<typeof contract.caseManagerLoginFindMyAccount>) {
  return callApi(contract.caseManagerLoginFindMyAccount, { body, quiet: ON_THE_FORM });
}

export function saveEmail(body: BodyOf<typeof contract.caseManagerLoginSaveEmail>) {
  return callApi(contract.caseManagerLoginSaveEmail, { body, quiet: ON_THE_FORM });
}

export function verifyEmail(body: BodyOf<typeof contract.caseManagerLoginSaveEmailVerificationCode>) {
  return callApi(contract.caseManagerLoginSaveEmailVerificationCode, { body, quiet: ON_THE_FORM });
}

export function savePhone(body: BodyOf<typeof contract.caseManagerLoginSavePhone>) {
  return callApi(contract.caseManagerLoginSavePhone, { body, quiet: ON_THE_FORM });
}

export function sendReminderEmail(email: string) {
  return callApi(contract.caseManagerLoginSendReminderEmail, { body: { email }, quiet: ON_THE_FORM });
}

/** Whether a reset link still works; a failure to ask is the caller's to show. */
export function resetLinkState(token: string) {
  return callApi(contract.caseManagerLoginResetPasswordState, { query: { token }, quiet: true });
}

export function resetPassword(token: string, body: BodyOf<typeof contract.caseManagerLoginResetPassword>) {
  return callApi(contract.caseManagerLoginResetPassword, { query: { token }, body, quiet: ON_THE_FORM });
}

export function updateEmail(body: BodyOf<typeof contract.caseManagerUpdateEmail>) {
  return callApi(contract.caseManagerUpdateEmail, { body, quiet: ON_THE_FORM });
}

export function updatePassword(body: BodyOf<typeof contract.caseManagerUpdatePassword>) {
  return callApi(contract.caseManagerUpdatePassword, { body, quiet: ON_THE_FORM });
}
