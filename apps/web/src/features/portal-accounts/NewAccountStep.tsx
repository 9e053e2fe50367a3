import { Anchor, Button, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPhone, phoneProblem } from '@tripline/core';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { emailProblem, type AccountRole } from './steps.ts';
import { useStepSubmit } from './submit-step.ts';

export interface NewAccountValues {
  role: AccountRole;
  email: string;
  tel: string;
}

/** newAccount: who the account is for, and the email and phone the operator has on file for them. */
export function NewAccountStep({
  initial,
  onNext,
  onBack,
}: {
  initial: NewAccountValues;
  onNext(values: NewAccountValues): Promise<unknown>;
  onBack(): void;
}) {
  const form = useForm<NewAccountValues>({
    initialValues: initial,
    validate: {
      email: emailProblem,
      tel: (v) => (v.trim() ? phoneProblem(v) : 'Enter your phone number'),
    },
  });
  const { busy, submit } = useStepSubmit(form, 'email', (v) => onNext({ ...v, email: v.email.trim(), tel: formatPhone(v.tel) }));

  return (
    <SubmitForm onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="md">
        <Radio.Group label="I am" {...form.getInputProps('role')}>
          <Stack gap="xs" mt={6}>
            <Radio value="passenger" label="A passenger booking my own rides" />
            <Radio value="caseManager" label="A case manager booking rides for members" />
          </Stack>
        </Radio.Group>
        <TextInput
          label="Email address"
          description="The address we have on file for you"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone number"
          description="The number we have on file, like (505) 555-0101"
          type="tel"
          autoComplete="tel-national"
          required
          withAsterisk={false}
          {...form.getInputProps('tel')}
          onBlur={() => form.setFieldValue('tel', formatPhone(form.getValues().tel))}
        />
        <Button type="submit" loading={busy} fullWidth>
          Continue
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} py={4} ta="center">
          I already have an account
        </Anchor>
      </Stack>
    </SubmitForm>
  );
}
