import { useEffect, useRef, useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MSG } from '@tripline/core';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { chooseDeliveryMethod, getMfaOptions, verifyCode } from '../api/mfa.ts';
import { useFinishSignIn } from '../use-finish-sign-in.ts';
import { ChooseDelivery } from './ChooseDelivery.tsx';
import { deliveryChoices, type DeliveryChoice } from './choices.ts';
import { VerifyCode, type VerifyValues } from './VerifyCode.tsx';

type Step =
  | { name: 'loading' }
  | { name: 'mfaChooseDelivery' }
  | { name: 'mfaVerify'; choice: DeliveryChoice };

/** spec 3 §8: a 401 here means the half-finished sign-in is gone; reloading starts it again cleanly. */
function reloadOn401(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    window.location.reload();
    return true;
  }
  return false;
}

export function LoginMfaPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [choices, setChoices] = useState<DeliveryChoice[]>([]);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const started = useRef(false);

  const send = async (choice: DeliveryChoice, again = false) => {
    setSending(true);
    try {
      await chooseDeliveryMethod(choice.method, choice.id);
      setCodeError(null);
      setStep({ name: 'mfaVerify', choice });
      if (again) toast.success('A new code has been sent.', { duration: 'medium' });
    } catch (error) {
      // Other failures were shown by the API client; the user can pick again.
      if (!reloadOn401(error)) setStep((s) => (s.name === 'loading' ? { name: 'mfaChooseDelivery' } : s));
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void getMfaOptions().then((options) => {
      const found = deliveryChoices(options);
      setChoices(found);
      if (found.length === 0) {
        toast.error(MSG.NO_ELIGIBLE_MFA, { title: MSG.NO_MFA_METHOD });
        navigate('/login', { replace: true });
      } else if (found.length === 1) {
        void send(found[0]!);
      } else {
        setStep({ name: 'mfaChooseDelivery' });
      }
    });
    // Runs once: the options belong to the sign-in that led here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const verify = async ({ verificationCode, rememberMe }: VerifyValues) => {
    setVerifying(true);
    setCodeError(null);
    try {
      finishSignIn(await verifyCode(verificationCode, rememberMe));
    } catch (error) {
      if (reloadOn401(error)) return;
      if (error instanceof ApiError && error.serverMessage && error.status >= 400 && error.status < 500) {
        setCodeError(error.serverMessage);
      }
    } finally {
      setVerifying(false);
    }
  };

  if (step.name === 'loading') return <FullPageLoader label="Preparing verification…" />;

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
      <Stack gap="md">
        <Title order={1} size="h3">
          Verify it is you
        </Title>
        {step.name === 'mfaChooseDelivery' ? (
          <ChooseDelivery choices={choices} sending={sending} onChoose={(c) => void send(c)} />
        ) : (
          <VerifyCode
            choice={step.choice}
            verifying={verifying}
            resending={sending}
            codeError={codeError}
            onVerify={(v) => void verify(v)}
            onResend={() => void send(step.choice, true)}
            onChooseAnother={choices.length > 1 ? () => setStep({ name: 'mfaChooseDelivery' }) : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
}
