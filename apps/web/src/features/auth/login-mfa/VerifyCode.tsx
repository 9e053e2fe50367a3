import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MFA_CODE_LENGTH, MFA_REMEMBER_DAYS, MfaVerify } from '@tripline/core';
import type { DeliveryChoice } from './choices.ts';

export interface VerifyValues {
  verificationCode: string;
  rememberMe: boolean;
}

interface Props {
  choice: DeliveryChoice;
  verifying: boolean;
  resending: boolean;
  /** Set by the page when the server refuses the code. */
  codeError: string | null;
  onVerify: (values: VerifyValues) => void;
  onResend: () => void;
  /** Offered only when the user has more than one place to receive a code. */
  onChooseAnother?: () => void;
}

/** Step mfaVerify: enter the code, optionally remember this browser. */
export function VerifyCode({ choice, verifying, resending, codeError, onVerify, onResend, onChooseAnother }: Props) {
  const form = useForm<VerifyValues>({
    mode: 'uncontrolled',
    initialValues: { verificationCode: '', rememberMe: false },
    validate: schemaResolver(MfaVerify, { sync: true }),
  });

  return (
    <form onSubmit={form.onSubmit((values) => onVerify({ ...values, verificationCode: values.verificationCode.trim() }))} noValidate>
      <Stack gap="md">
        <Text size="sm" role="status">
          We sent a {MFA_CODE_LENGTH}-digit code to {choice.label}.
        </Text>
        <TextInput
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_CODE_LENGTH}
          autoFocus
          required
          withAsterisk={false}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          key={form.key('verificationCode')}
          {...form.getInputProps('verificationCode')}
          error={form.getInputProps('verificationCode').error ?? codeError}
        />
        <Checkbox
          label={`Remember this browser for ${MFA_REMEMBER_DAYS} days`}
          key={form.key('rememberMe')}
          {...form.getInputProps('rememberMe', { type: 'checkbox' })}
        />
        <Button type="submit" loading={verifying} fullWidth>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={resending}>
            Send a new code
          </Anchor>
          {onChooseAnother && (
            <Anchor component="button" type="button" size="sm" onClick={onChooseAnother}>
              Send the code somewhere else
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
