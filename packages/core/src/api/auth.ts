import { z } from 'zod';
import { text } from './text.ts';
import { MFA_CODE_LENGTH, TYPEAHEAD_MIN_CHARS } from '../shell/constants.ts';
import { bugReportDescriptionError } from '../shell/bug-report.ts';
import { endpoint } from './endpoint.ts';

export const Uuid = z.uuid({ message: 'Must be a record id' });

export const CurrentUser = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  name: text(),
  types: z.array(text()),
  ldapGroups: z.array(text()),
  adminAccess: z.boolean(),
  autoSchedulerPost: z.boolean(),
  /** The partner (Affiliate company) this user works for, when it is a partner user. */
  partnerId: Uuid.nullable(),
  partnerName: text().nullable(),
  division: text().nullable(),
  /**
   * The IANA time zone of the user's division (a partner user's partner's, when the user has none;
   * the operator's when neither has one). Its calendar decides "today" on the user's screens.
   */
  timeZone: text(),
  /** Set while a staff member is impersonating this contact (su). */
  su: z.object({ id: Uuid, name: text() }).nullable(),
  /** Signed in with a temporary password (password-reset, 3 §7): a new one must be chosen first. */
  passwordChangeRequired: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MfaNeeded = z.object({ entity: z.literal('MFA_NEEDED') });
export const LoginResponse = z.union([CurrentUser, MfaNeeded]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MfaOption = z.object({ id: text(), label: text() });
export const MfaOptions = z.object({ emails: z.array(MfaOption), phones: z.array(MfaOption) });
export type MfaOptions = z.infer<typeof MfaOptions>;

export const MfaChooseDelivery = z.object({
  method: z.enum(['email', 'sms'], { message: 'Choose email or SMS' }),
  id: text().min(1, 'Choose where to send the code'),
});

export const MfaVerify = z.object({
  verificationCode: text()
    .trim()
    .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `Enter the ${MFA_CODE_LENGTH}-digit code`),
  rememberMe: z.boolean().default(false),
});

export const Ok = z.object({ ok: z.literal(true) });

export const SuQuery = z.object({
  id: text({ error: 'Missing required contact id' }).trim().min(1, 'Missing required contact id').max(36, 'Missing required contact id'),
});
export const SuResponse = z.object({ user: CurrentUser, message: text() });

export const ContactHit = z.object({
  id: Uuid,
  contactNumber: z.number().int(),
  name: text(),
  types: z.array(text()),
  city: text().nullable(),
  /** What su needs to decide whether to offer 'Log in as' (core suRefusal). */
  ldapGroups: z.array(text()),
  adminAccess: z.boolean(),
  mfaRequired: z.boolean(),
});
export const GlobalSearchQuery = z.object({
  q: text()
    .trim()
    .min(TYPEAHEAD_MIN_CHARS, `Type at least ${TYPEAHEAD_MIN_CHARS} characters`)
    .max(100, 'Search text is too long'),
});

export const ClientError = z.object({
  at: text().max(40),
  message: text().max(2000),
  url: text().max(2000).optional(),
  status: z.number().int().optional(),
});
export const BugReportBody = z.object({
  name: text().trim().max(200).optional(),
  email: text().trim().max(320).optional(),
  // spec 2 §5: a missing description is one under 64 characters, so the same 'You must provide more detail'
  description: text({ error: () => bugReportDescriptionError('') })
    .max(20_000, 'The description is too long')
    .superRefine((v, ctx) => {
      const err = bugReportDescriptionError(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    }),
  url: text().max(2000).default(''),
  exceptions: z.array(ClientError).max(16).default([]),
});
export const BugReport = z.object({
  id: Uuid,
  createdAt: text(),
  reporterId: Uuid.nullable(),
  name: text().nullable(),
  email: text().nullable(),
  description: text(),
  url: text(),
  exceptions: z.array(ClientError),
});

export const OutboxMessage = z.object({
  id: Uuid,
  channel: z.enum(['sms', 'email']),
  to: text(),
  subject: text().nullable(),
  body: text(),
  createdAt: text(),
});
export const OutboxQuery = z.object({ to: text().trim().max(320).optional() });

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: 'login',
    area: 'auth',
    summary: 'Sign in with a Basic authorization header; answers the user, or MFA_NEEDED for a second step.',
    access: { public: true },
    answers: [400, 429],
    response: LoginResponse,
  }),
  mfaRetrievalOptions: endpoint({
    method: 'GET',
    path: 'mfa-retrieval-options',
    area: 'auth',
    summary: 'Where a sign-in code can be sent (masked), during the second sign-in step.',
    access: { public: true },
    response: MfaOptions,
  }),
  mfaChooseDeliveryMethod: endpoint({
    method: 'POST',
    path: 'mfa-choose-delivery-method',
    area: 'auth',
    summary: 'Send a sign-in code by email or SMS.',
    access: { public: true },
    answers: [429],
    body: MfaChooseDelivery,
    response: Ok,
  }),
  mfaVerifyCode: endpoint({
    method: 'POST',
    path: 'mfa-verify-code',
    area: 'auth',
    summary: 'Finish the second sign-in step with the code; rememberMe skips the step on this browser for 30 days.',
    access: { public: true },
    answers: [429],
    body: MfaVerify,
    response: CurrentUser,
  }),
  logout: endpoint({
    method: 'POST',
    path: 'logout',
    area: 'auth',
    summary: 'End the session (and any impersonation).',
    access: { public: true },
    response: Ok,
  }),
  currentUser: endpoint({
    method: 'GET',
    path: 'current-user',
    area: 'auth',
    summary: 'The signed-in user.',
    access: { signedIn: true },
    response: CurrentUser,
  }),
  su: endpoint({
    method: 'GET',
    path: 'su',
    area: 'auth',
    summary:
      'Staff impersonate another contact until logout (core suRefusal: never more than the caller holds). Changes the session, so it needs the client version header and a same-origin request.',
    access: { roles: ['SecureEmployee'] },
    answers: [404],
    query: SuQuery,
    response: SuResponse,
  }),
  globalSearch: endpoint({
    method: 'GET',
    path: 'global-search',
    area: 'contacts',
    summary: 'Contact typeahead for the navigation bar.',
    access: { roles: ['SecureEmployee'] },
    query: GlobalSearchQuery,
    response: z.array(ContactHit),
  }),
  bugReportCreate: endpoint({
    method: 'POST',
    path: 'bug-report',
    area: 'support',
    summary: 'Send a bug report with the latest client errors.',
    access: { public: true },
    body: BugReportBody,
    response: z.object({ id: Uuid }),
  }),
  bugReportList: endpoint({
    method: 'GET',
    path: 'bug-report',
    area: 'support',
    summary: 'Bug reports, newest first.',
    access: { roles: ['SecureEmployee'] },
    response: z.array(BugReport),
  }),
  outboxMessages: endpoint({
    method: 'GET',
    path: 'outbox-messages',
    area: 'notifications',
    summary: 'SMS and email held in the local outbox, newest first.',
    access: { roles: ['Admin'] },
    query: OutboxQuery,
    response: z.array(OutboxMessage),
  }),
};
