import { Button, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PHONE_PREFERENCES, formatPhone, phoneProblem, type PhonePreference } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useStepSubmit } from './submit-step.ts';

export interface PhoneValues {
  phone: string;
  preference: PhonePreference;
}

const PREFERENCE_LABELS: Record<PhonePreference, string> = {
  SMS: 'Text messages (SMS)',
  Voice: 'Phone calls (voice)',
};

/** enterPhone: the number for trip notices and sign-in codes, in (###) ###-#### form, and how to reach it. */
export function PhoneStep({ initialPhone, onNext }: { initialPhone: string; onNext(values: PhoneValues): Promise<unknown> }) {
  const form = useForm<PhoneValues>({
    initialValues: { phone: formatPhone(initialPhone), preference: 'SMS' },
    validate: { phone: (v) => (v.trim() ? phoneProblem(v) : 'Enter your phone number') },
  });
  const { busy, submit } = useStepSubmit(form, 'phone', (v) => onNext({ ...v, phone: formatPhone(v.phone) }));

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Add your phone">
      <Stack gap="md">
        <TextInput
          label="Phone number"
          description="Like (505) 555-0101"
          type="tel"
          autoComplete="tel-national"
          autoFocus
          required
          withAsterisk={false}
          {...form.getInputProps('phone')}
          onBlur={() => form.setFieldValue('phone', formatPhone(form.getValues().phone))}
        />
        <Radio.Group label="How should we reach this phone?" {...form.getInputProps('preference')}>
          <Stack gap="xs" mt={6}>
            {PHONE_PREFERENCES.map((p) => (
              <Radio key={p} value={p} label={PREFERENCE_LABELS[p]} />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" loading={busy} fullWidth>
          Continue
        </Button>
      </Stack>
    </SubmitForm>
  );
}
