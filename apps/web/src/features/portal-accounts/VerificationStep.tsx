import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_CODE_LENGTH, PORTAL_ACCOUNT_MSG } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ExpiryNotice } from './ExpiryNotice.tsx';
import { useExpiry } from './expiry.ts';
import { codeDigits } from './steps.ts';
import { useStepSubmit } from './submit-step.ts';

const CODE_LENGTH = ACCOUNT_CODE_LENGTH;

interface Props {
  email: string;
  /** When the code stops working (ms since the epoch), when known. */
  expiresAt: number | null;
  resending: boolean;
  onVerify(code: string): Promise<unknown>;
  onResend(): void;
  onBack(): void;
}

/**
 * enterVerification: the code from the email. Whether an account could be matched is never said
 * here: the email itself tells the person (issue §2).
 */
export function VerificationStep({ email, expiresAt, resending, onVerify, onResend, onBack }: Props) {
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (codeDigits(v).length === CODE_LENGTH ? null : PORTAL_ACCOUNT_MSG.CODE_FORMAT) },
  });
  const expiry = useExpiry(expiresAt, 'The code');
  const { busy, submit } = useStepSubmit(form, 'code', (v) => onVerify(codeDigits(v.code)));
  const resend = (
    <Anchor component="button" type="button" inherit fw={600} underline="always" onClick={onResend} disabled={resending}>
      Send a new code
    </Anchor>
  );

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Enter the code">
      <Stack gap="md">
        <Text size="sm">
          We sent an email to <strong>{email}</strong>. If it holds a {CODE_LENGTH}-digit code, enter it here or open the link in the
          email; the code works for 10 minutes. If it has no code, it says how to get access.
        </Text>
        <ExpiryNotice state={expiry} expiredText="The code has expired." action={resend} />
        <TextInput
          label="Code from the email"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          required
          withAsterisk={false}
          maxLength={CODE_LENGTH + 2}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={busy} fullWidth>
          Continue
        </Button>
        <Stack gap={4} align="center">
          <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={resending} py={4}>
            Send a new code
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack} py={4}>
            Use a different email address
          </Anchor>
        </Stack>
      </Stack>
    </SubmitForm>
  );
}
