/** Business constants of the shell (spec 1 §9, 2 §9, 3 §9; DECISIONS 5). */
export const CLIENT_VERSION = 6;
export const CLIENT_VERSION_HEADER = 'x-client-version';
export const APP_VERSION_HEADER = 'x-app-version';
/** Response header carrying warnings: a string, or a JSON list of { type, message, entity, id, toastMethod }. */
export const WARNING_HEADER = 'x-warning';
/** Response header carrying an error message to show. */
export const ERROR_HEADER = 'x-error';
/** Status the server answers when the client version is older than CLIENT_VERSION (spec 2 §8). */
export const STATUS_VERSION_OUT_OF_DATE = 434;

export const TOAST_MS = {
  partner: 15_000,
  error: 60_000,
  quickSuccess: 1_000,
  short: 3_000,
  medium: 5_000,
  serverWarning: 30_000,
} as const;

export const CLIENT_ERROR_LOG_SIZE = 16;
export const BUG_REPORT_MIN_CHARS = 64;
export const TYPEAHEAD_MIN_CHARS = 3;
export const TYPEAHEAD_WAIT_MS = 300;

export const MFA_CODE_TTL_MS = 10 * 60_000;
export const MFA_CODE_LENGTH = 6;
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_REMEMBER_DAYS = 30;
export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** Sign-in throttle (docs/decisions.md): sliding window and failure counts before 429. */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  perAccountAndAddress: 5,
  perAccount: 20,
  perAddress: 50,
} as const;

export const HIGH_PRIORITY_MIN = 3;
export const WILL_CALL_TIME = '23:59:00';
export const NO_SERVICE_DATE_FROM = '2078-12-31';
export const METERS_TO_MILES = 0.000621371;
export const REFERENCE_ID_MAX = 10;
