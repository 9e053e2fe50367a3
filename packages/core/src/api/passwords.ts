import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordPairProblem } from '../passwords/rules.ts';
import {
  SUPPORT_EMAIL_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_NAME_MAX,
  SUPPORT_OK,
  SUPPORT_PHONE_MAX,
} from '../passwords/support.ts';
import { Uuid } from './auth.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { text } from './text.ts';

// Passwords (edit, reset, generate) and the support form (spec 1 §2, 2 §2, 3 §7; DECISIONS 3).

const Password = text().max(PASSWORD_MAX_LENGTH, `Passwords have at most ${PASSWORD_MAX_LENGTH} characters`);

export const PasswordEditBody = z
  .object({
    /** Whose password; absent means the caller's own. */
    contactId: Uuid.optional(),
    currentPassword: Password.optional(),
    newPassword: Password,
    newPasswordVerify: Password,
  })
  .superRefine((b, ctx) => {
    const problem = passwordPairProblem(b.newPassword, b.newPasswordVerify);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem.includes('match') ? 'newPasswordVerify' : 'newPassword'] });
  });

// a query string carries 'false' as text, which z.coerce.boolean would read as true
const Bool = z.union([z.boolean(), z.stringbool({ error: 'Use true or false' })]);

export const PasswordResetQuery = z.object({
  contactId: Uuid,
  sendNotification: Bool.default(true),
});
export const PasswordResetAnswer = z.object({
  /** Where the temporary password went (masked), when it was sent. */
  sentTo: text().nullable(),
  /** The temporary password, only with sendNotification=false: shown once to the caller, never stored in clear. */
  temporaryPassword: text().nullable(),
});

export const SupportMessageBody = z.object({
  message: text().max(SUPPORT_MESSAGE_MAX * 2, `The message may have at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`),
  name: text().max(SUPPORT_NAME_MAX * 2).optional(),
  email: text().max(SUPPORT_EMAIL_MAX * 2).optional(),
  phone: text().max(SUPPORT_PHONE_MAX * 2).optional(),
  /** The page the sender came from. */
  url: text().max(2000).optional(),
});
export const SupportRequest = z.object({
  id: Uuid,
  createdAt: text(),
  contactId: Uuid.nullable(),
  contactNumber: z.number().int().nullable(),
  name: text().nullable(),
  email: text().nullable(),
  phone: text().nullable(),
  message: text(),
  url: text().nullable(),
});
export type SupportRequest = z.infer<typeof SupportRequest>;

export const passwordEndpoints = {
  passwordGenerator: endpoint({
    method: 'GET',
    path: 'password-generator',
    area: 'passwords',
    summary: 'A new random password that meets every displayed password rule.',
    access: { signedIn: true },
    response: z.object({ password: text() }),
  }),
  passwordEdit: endpoint({
    method: 'POST',
    path: 'password-edit',
    area: 'passwords',
    summary:
      "Change one's own password, or another's within reach (staff at or below their access, a partner's users); the current password unless exempt (spec 2 §5). A wrong current password counts toward the sign-in throttle; the contact's other sessions end.",
    access: { signedIn: true },
    answers: [400, 404, 429],
    body: PasswordEditBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: 'password-reset',
    area: 'passwords',
    summary:
      'Give a contact a temporary password, to be changed at the next sign-in: sent through the outbox, or with sendNotification=false answered once to the caller (3 §7). Staff, or an AffiliateAdmin for its own users; never above the caller.',
    access: { roles: ['SecureEmployee', 'AffiliateAdmin'] },
    answers: [404],
    query: PasswordResetQuery,
    response: PasswordResetAnswer,
  }),
  contactSupport: endpoint({
    method: 'POST',
    path: 'contact-support',
    area: 'support',
    summary: "Send a message to support (at most 5,000 characters; without signing in, a name and an email or phone too). Answers 'OK'.",
    access: { public: true },
    answers: [429],
    body: SupportMessageBody,
    response: z.literal(SUPPORT_OK),
  }),
  supportRequestList: endpoint({
    method: 'GET',
    path: 'contact-support',
    area: 'support',
    summary: 'Support messages, newest first.',
    access: { roles: ['SecureEmployee'] },
    response: z.array(SupportRequest),
  }),
} satisfies Record<string, Endpoint>;
