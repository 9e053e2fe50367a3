import { MSG, STATUS_VERSION_OUT_OF_DATE } from '@tripline/core';
import { ApiError, STATUS_IN_PROGRESS, STATUS_NO_RESPONSE } from '../../lib/api.ts';

/** The text the sign-in form shows for a failure (spec 1 §8, DECISIONS 9). */
export function loginFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.LOGIN_ERROR(MSG.LOGIN_FAILED);
  if (error.error === 'unexpectedResponse') return MSG.UNEXPECTED_RESPONSE;
  if (error.status === STATUS_VERSION_OUT_OF_DATE) return MSG.VERSION_OUT_OF_DATE;
  if (error.status === STATUS_IN_PROGRESS) return MSG.WAIT_PREVIOUS;
  if (error.serverMessage) return MSG.LOGIN_ERROR(error.serverMessage);
  return MSG.LOGIN_ERROR(error.status === STATUS_NO_RESPONSE ? MSG.SERVER_NOT_RESPONDING : MSG.LOGIN_FAILED);
}
