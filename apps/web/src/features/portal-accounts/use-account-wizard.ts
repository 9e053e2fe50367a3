import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_CODE_TTL_MS, portalSignInLanding, type CurrentUser, type LoginResponse } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { currentUserKey } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { logout } from '../auth/api/logout.ts';
import { finishSignInOn } from '../auth/use-finish-sign-in.ts';
import * as api from './api.ts';
import type { NewPasswordValues } from './NewPasswordFields.tsx';
import type { NewAccountValues } from './NewAccountStep.tsx';
import type { PhoneValues } from './PhoneStep.tsx';
import { defaultRole, pageStart, type WizardStep } from './steps.ts';

/** A line shown above the sign-in form: what just happened, good or bad. */
export interface Notice {
  tone: 'ok' | 'problem';
  text: string;
}

export interface WizardState {
  step: WizardStep;
  /** Checking a link from an email before any step shows. */
  checking: boolean;
  account: NewAccountValues;
  codeExpiresAt: number | null;
  resetExpiresAt: number | null;
  notice: Notice | null;
  /** Why the reset step shows (an expired link). */
  reminderProblem: string | null;
  /** The account signed in on a portal page is not a portal account (rule 257). */
  refused: string | null;
  welcomeName: string | null;
}

function problemOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Try again.';
}

/**
 * The portal sign-in page's steps and the calls between them (spec 2 §2, §4, §7). The wizard's
 * request token and the chosen password (needed to send a new code) stay in memory only.
 */
export function useAccountWizard() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const start = useRef(pageStart(new URLSearchParams(location.search))).current;
  const requestToken = useRef<string | null>(null);
  const password = useRef<NewPasswordValues | null>(null);
  const [resending, setResending] = useState(false);
  const [state, setState] = useState<WizardState>(() => ({
    step: 'existingAccount',
    checking: start.kind !== 'signIn' || location.state?.signedIn === true,
    account: { role: defaultRole(location.pathname), email: start.kind === 'signIn' ? start.email : '', tel: '' },
    codeExpiresAt: null,
    resetExpiresAt: null,
    notice: null,
    reminderProblem: null,
    refused: null,
    welcomeName: null,
  }));
  const patch = (next: Partial<WizardState>) => setState((s) => ({ ...s, ...next }));
  const go = (step: WizardStep, next: Partial<WizardState> = {}) => patch({ step, checking: false, ...next });

  /** issue §1: passengers and case managers go to their home; anyone else is signed out again. */
  const land = async (user: CurrentUser) => {
    queryClient.setQueryData(currentUserKey, user);
    const landing = portalSignInLanding(user);
    if (landing.kind === 'go') {
      navigate(landing.to, { replace: true });
      return;
    }
    await logout().catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
    patch({ refused: landing.message, checking: false });
  };

  const mfaNeeded = () => {
    finishSignInOn(location.pathname);
    navigate('/login-mfa');
  };

  const signedIn = (answer: LoginResponse) => ('entity' in answer ? mfaNeeded() : land(answer));

  // Links from emails (a reset link, an address to confirm) and the return from the sign-in code.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returning = location.state?.signedIn === true;
    // The token is spent or checked now: it should not stay in the address bar or the history.
    if (start.kind !== 'signIn' || returning) navigate(location.pathname, { replace: true });
    if (returning) {
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
      if (user) void land(user);
      else go('existingAccount');
    } else if (start.kind === 'resetLink') {
      api
        .resetLinkState(start.token)
        .then((link) =>
          link.expired
            ? go('sendReminderEmail', { reminderProblem: link.message })
            : go('enterNewPassword', { resetExpiresAt: Date.parse(link.expiresAt) }),
        )
        .catch((error) => go('sendReminderEmail', { reminderProblem: problemOf(error) }));
    } else if (start.kind === 'activateEmail') {
      api
        .verifyEmail({ emailToActivate: start.email, token: start.token })
        .then((answer) => {
          if (answer.next === 'enterPhone') {
            requestToken.current = answer.requestToken;
            go('enterPhone', { account: { ...state.account, email: start.email } });
          } else {
            go('existingAccount', {
              account: { ...state.account, email: answer.email },
              notice: { tone: 'ok', text: `Your email address is now ${answer.email}. If you signed in with your old address, use this one from now on.` },
            });
          }
        })
        .catch((error) => go('existingAccount', { notice: { tone: 'problem', text: problemOf(error) } }));
    }
    // Runs once: the address it reads belongs to the visit that opened the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sendCode = async () => {
    if (!requestToken.current || !password.current) return;
    await api.saveEmail({ requestToken: requestToken.current, ...password.current });
    patch({ codeExpiresAt: Date.now() + ACCOUNT_CODE_TTL_MS });
  };

  return {
    state,
    resending,
    land,
    mfaNeeded,
    show: (step: WizardStep) => go(step, { notice: null, reminderProblem: null }),
    async findAccount(values: NewAccountValues) {
      const answer = await api.findMyAccount({ email: values.email, tel: values.tel, caseManager: values.role === 'caseManager' });
      requestToken.current = answer.requestToken;
      go('contactInfo', { account: values });
    },
    async choosePassword(values: NewPasswordValues) {
      password.current = values;
      await sendCode();
      go('enterVerification');
    },
    async resendCode() {
      setResending(true);
      try {
        await sendCode();
        toast.success('We sent a new email with a new code.', { duration: 'medium' });
      } catch (error) {
        // A 400 or 429 is the wizard's to explain; others were told by the API client.
        if (error instanceof ApiError && (error.status === 400 || error.status === 429)) toast.error(error.message);
      } finally {
        setResending(false);
      }
    },
    async verifyCode(code: string) {
      const answer = await api.verifyEmail({ requestToken: requestToken.current ?? '', code });
      if (answer.next === 'enterPhone') requestToken.current = answer.requestToken;
      go('enterPhone');
    },
    async savePhone(values: PhoneValues) {
      const answer = await api.savePhone({ requestToken: requestToken.current ?? '', phone: values.phone, phonePreference: values.preference });
      requestToken.current = null;
      password.current = null;
      if ('entity' in answer) return mfaNeeded();
      queryClient.setQueryData(currentUserKey, answer);
      go('accountCreationComplete', { welcomeName: answer.name });
    },
    continueAfterCreation() {
      const user = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
      if (user) void land(user);
      else go('existingAccount');
    },
    async sendReminder(email: string): Promise<string> {
      await api.sendReminderEmail(email);
      return `If ${email} belongs to a passenger or case manager account, we sent it a link to choose a new password. The link works once, for 60 minutes. Check your spam folder if it does not arrive in a few minutes.`;
    },
    async saveNewPassword(values: NewPasswordValues) {
      if (start.kind !== 'resetLink') return;
      const answer = await api.resetPassword(start.token, values);
      toast.success('Your password was changed. Any other sign-ins were ended.', { duration: 'medium' });
      await signedIn(answer);
    },
  };
}
