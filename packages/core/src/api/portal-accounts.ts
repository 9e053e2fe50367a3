import { z } from 'zod';
import { CONTACT_MSG } from '../contacts/messages.ts';
import { PHONE_PREFERENCES, phoneProblem } from '../contacts/phones.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MSG, passwordPairProblem } from '../passwords/rules.ts';
import { ACCOUNT_CODE_LENGTH, PORTAL_ACCOUNT_MSG } from '../portal-accounts/texts.ts';
import { LoginResponse } from './auth.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

// Case manager and passenger portal: the sign-in wizard, password reset and account credentials (spec 2 §7).
//
// The wizard's steps are tied together by a request token: find-my-account answers one, and each
// later step sends it back. The server keeps only its hash, with the email, phone and role typed,
// the chosen password's hash and the code's hash. Every email link leads to /case-manager/login:
// - ?token=… is a password reset link (case-manager-login-reset-password);
// - ?emailToActivate=…&token=… confirms an email address, either of an account request (the
//   wizard goes on to enterPhone) or of an account's new address (case-manager-update-email); the
//   screen sends both to case-manager-login-save-email-verification-code, which answers which.

const Email = text({ error: CONTACT_MSG.EMAIL_FORMAT })
  .trim()
  .max(200, CONTACT_MSG.EMAIL_FORMAT)
  .pipe(z.email(CONTACT_MSG.EMAIL_FORMAT));

const Phone = text({ error: CONTACT_MSG.PHONE_FORMAT })
  .trim()
  .max(40, CONTACT_MSG.PHONE_FORMAT)
  .refine((v) => phoneProblem(v) === null, CONTACT_MSG.PHONE_FORMAT);

const Password = text({ error: 'Enter a password' }).max(PASSWORD_MAX_LENGTH, PASSWORD_MSG.TOO_LONG);

/** An opaque token from an answer or an email link. */
const Token = text({ error: 'The link or request is not complete' })
  .trim()
  .min(1, 'The link or request is not complete')
  .max(200, 'The link or request is not complete');

const RequestToken = text({ error: PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED })
  .trim()
  .min(1, PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED)
  .max(200, PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);

const Code = text({ error: PORTAL_ACCOUNT_MSG.CODE_FORMAT })
  .trim()
  .regex(new RegExp(`^\\d{${ACCOUNT_CODE_LENGTH}}$`), PORTAL_ACCOUNT_MSG.CODE_FORMAT);

/** A new password and its verify field, under DECISIONS 3 (the problem is reported on the field it concerns). */
function withPasswordPair<T extends z.ZodObject<{ newPassword: typeof Password; newPasswordVerify: typeof Password }>>(schema: T) {
  return schema.superRefine((b, ctx) => {
    const v = b as { newPassword: string; newPasswordVerify: string };
    const problem = passwordPairProblem(v.newPassword, v.newPasswordVerify);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem === PASSWORD_MSG.MISMATCH ? 'newPasswordVerify' : 'newPassword'] });
  });
}

export const FindMyAccountBody = z.object({
  /** The email address on file. */
  email: Email,
  /** A phone number on file, (###) ###-#### (spec 2 §5). */
  tel: Phone,
  /** true: a case manager's account; false: a passenger's. */
  caseManager: z.boolean({ error: 'Choose whether you are a case manager or a passenger' }),
});
export const AccountRequestAnswer = z.object({
  /** Sent back by the following steps; valid 2 hours. */
  requestToken: text(),
});

export const SaveEmailBody = withPasswordPair(
  z.object({ requestToken: RequestToken, newPassword: Password, newPasswordVerify: Password }),
);
export const SentAnswer = z.object({ ok: z.literal(true) });

export const SaveEmailVerificationCodeBody = z
  .object({
    /** The wizard's request, with the code typed from the email. */
    requestToken: RequestToken.optional(),
    code: Code.optional(),
    /** From an email link: /case-manager/login?emailToActivate=…&token=… */
    emailToActivate: Email.optional(),
    token: Token.optional(),
  })
  .superRefine((b, ctx) => {
    const byCode = b.requestToken !== undefined || b.code !== undefined;
    const byLink = b.emailToActivate !== undefined || b.token !== undefined;
    if (byCode && byLink) ctx.addIssue({ code: 'custom', message: PORTAL_ACCOUNT_MSG.CODE_OR_LINK, path: ['code'] });
    else if (byLink) {
      if (b.emailToActivate === undefined) ctx.addIssue({ code: 'custom', message: CONTACT_MSG.EMAIL_FORMAT, path: ['emailToActivate'] });
      if (b.token === undefined) ctx.addIssue({ code: 'custom', message: 'The link is not complete', path: ['token'] });
    } else {
      if (b.requestToken === undefined) ctx.addIssue({ code: 'custom', message: PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED, path: ['requestToken'] });
      if (b.code === undefined) ctx.addIssue({ code: 'custom', message: PORTAL_ACCOUNT_MSG.CODE_FORMAT, path: ['code'] });
    }
  });
export const VerificationAnswer = z.discriminatedUnion('next', [
  /** The account request's email is confirmed: go on to enterPhone with this (new) request token. */
  z.object({ next: z.literal('enterPhone'), requestToken: text() }),
  /** An account's new email address is confirmed and now in use (case-manager-update-email). */
  z.object({ next: z.literal('emailChanged'), email: text() }),
]);

export const SavePhoneBody = z.object({
  requestToken: RequestToken,
  phone: Phone,
  phonePreference: z.enum(PHONE_PREFERENCES, { error: 'Choose SMS or Voice' }),
});

export const SendReminderEmailBody = z.object({ email: Email });

export const ResetPasswordQuery = z.object({ token: Token });
export const ResetLinkState = z.discriminatedUnion('expired', [
  /** The link works until expiresAt (ISO timestamp): show enterNewPassword. */
  z.object({ expired: z.literal(false), expiresAt: text() }),
  /** Expired, used or unknown: show sendReminderEmail with the message (RESET_LINK_EXPIRED). */
  z.object({ expired: z.literal(true), message: text() }),
]);
export const ResetPasswordBody = withPasswordPair(z.object({ newPassword: Password, newPasswordVerify: Password }));

export const UpdateEmailBody = z.object({
  email: Email,
  currentPassword: text({ error: PASSWORD_MSG.CURRENT_REQUIRED }).min(1, PASSWORD_MSG.CURRENT_REQUIRED).max(PASSWORD_MAX_LENGTH, PASSWORD_MSG.CURRENT_WRONG),
});
export const UpdatePasswordBody = withPasswordPair(
  z.object({
    currentPassword: text({ error: PASSWORD_MSG.CURRENT_REQUIRED }).min(1, PASSWORD_MSG.CURRENT_REQUIRED).max(PASSWORD_MAX_LENGTH, PASSWORD_MSG.CURRENT_WRONG),
    newPassword: Password,
    newPasswordVerify: Password,
  }),
);

const PORTAL_USERS = ['Case Manager', 'S/N Passenger'] as const;

export const portalAccountEndpoints = {
  caseManagerLoginFindMyAccount: endpoint({
    method: 'POST',
    path: 'case-manager-login-find-my-account',
    area: 'portal',
    summary:
      'Wizard step newAccount: starts an account request with the email and phone on file and the role (caseManager). Always answers a requestToken (valid 2 hours), whether or not such a person is on file; nothing is sent yet. 429 when too many requests came for the address or from the client.',
    access: { public: true },
    answers: [429],
    body: FindMyAccountBody,
    response: AccountRequestAnswer,
  }),
  caseManagerLoginSaveEmail: endpoint({
    method: 'POST',
    path: 'case-manager-login-save-email',
    area: 'portal',
    summary:
      "Wizard step contactInfo: keeps the chosen password (DECISIONS 3) and emails the request's address. When exactly one active contact of that role without a sign-in has both that email and phone on file, the email holds a 6-digit code (10 minutes, 5 tries) and a link /case-manager/login?emailToActivate=…&token=…; otherwise it says how to get access. Always answers {ok: true}; calling it again sends a fresh code. 400 with the request expired, 429 when too many emails were asked for.",
    access: { public: true },
    answers: [400, 429],
    body: SaveEmailBody,
    response: SentAnswer,
  }),
  caseManagerLoginSaveEmailVerificationCode: endpoint({
    method: 'POST',
    path: 'case-manager-login-save-email-verification-code',
    area: 'portal',
    summary:
      "Wizard step enterVerification: either {requestToken, code} typed from the email, or {emailToActivate, token} from an email link. An account request's code or link answers {next: 'enterPhone', requestToken} (a new token for save-phone); a new-address link from case-manager-update-email changes the account's email and answers {next: 'emailChanged', email}. A wrong code is 400 (the fifth wrong try spends it); an expired, spent or used code or link is 400 asking for a new email.",
    access: { public: true },
    answers: [400, 429],
    body: SaveEmailVerificationCodeBody,
    response: VerificationAnswer,
  }),
  caseManagerLoginSavePhone: endpoint({
    method: 'POST',
    path: 'case-manager-login-save-phone',
    area: 'portal',
    summary:
      "Wizard step enterPhone, then accountCreationComplete: saves the phone (added to the contact's phones when new) and its SMS or Voice preference, creates the sign-in (user name = the email address, the chosen password) and signs the user in as login does: answers the user, or MFA_NEEDED when the account needs a second step. The request is then used up. 400 when the request is expired or not yet verified, or when the email address is already a sign-in's user name.",
    access: { public: true },
    answers: [400, 429],
    body: SavePhoneBody,
    response: LoginResponse,
  }),
  caseManagerLoginSendReminderEmail: endpoint({
    method: 'POST',
    path: 'case-manager-login-send-reminder-email',
    area: 'portal',
    summary:
      'Step sendReminderEmail (forgot password): emails each portal account with a sign-in that has this address on file a reset link /case-manager/login?token=…, working once for 60 minutes. Always answers {ok: true}, known address or not. 429 when too many emails were asked for.',
    access: { public: true },
    answers: [429],
    body: SendReminderEmailBody,
    response: SentAnswer,
  }),
  caseManagerLoginResetPasswordState: endpoint({
    method: 'GET',
    path: 'case-manager-login-reset-password',
    area: 'portal',
    summary:
      "Whether a reset link still works: {expired: false, expiresAt} (go to enterNewPassword), or {expired: true, message: 'This password reset link has expired! Try again.'} for an expired, used or unknown link (go to sendReminderEmail).",
    access: { public: true },
    answers: [429],
    query: ResetPasswordQuery,
    response: ResetLinkState,
  }),
  caseManagerLoginResetPassword: endpoint({
    method: 'POST',
    path: 'case-manager-login-reset-password',
    area: 'portal',
    summary:
      "Step enterNewPassword: sets the new password (DECISIONS 3) with the link's token, uses the link up, ends the account's other sessions and signs the user in as login does (the user, or MFA_NEEDED). An expired, used or unknown link is 400 with 'This password reset link has expired! Try again.'",
    access: { public: true },
    answers: [400, 429],
    query: ResetPasswordQuery,
    body: ResetPasswordBody,
    response: LoginResponse,
  }),
  caseManagerUpdateEmail: endpoint({
    method: 'POST',
    path: 'case-manager-update-email',
    area: 'portal',
    summary:
      "The signed-in portal user's own email address: with the current password (a wrong one counts toward the sign-in throttle), sends a link /case-manager/login?emailToActivate=…&token=… (24 hours, once) to the new address and tells the old one. The address changes only when the link is opened (case-manager-login-save-email-verification-code). Answers {ok: true}.",
    access: { roles: PORTAL_USERS },
    answers: [400, 429],
    body: UpdateEmailBody,
    response: SentAnswer,
  }),
  caseManagerUpdatePassword: endpoint({
    method: 'POST',
    path: 'case-manager-update-password',
    area: 'portal',
    summary:
      "The signed-in portal user's own password (DECISIONS 3), with the current one (a wrong one counts toward the sign-in throttle); ends the user's other sessions and keeps this one. Answers {ok: true}.",
    access: { roles: PORTAL_USERS },
    answers: [400, 429],
    body: UpdatePasswordBody,
    response: SentAnswer,
  }),
} satisfies Record<string, Endpoint>;
