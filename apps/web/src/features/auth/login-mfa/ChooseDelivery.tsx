import { useState } from 'react';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { choiceKey, describeChoice, type DeliveryChoice } from './choices.ts';

interface Props {
  choices: DeliveryChoice[];
  sending: boolean;
  onChoose: (choice: DeliveryChoice) => void;
}

/** Step mfaChooseDelivery: where the sign-in code goes. */
export function ChooseDelivery({ choices, sending, onChoose }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const choice = choices.find((c) => choiceKey(c) === selected);
    if (!choice) return setError('Choose where to send the code');
    onChoose(choice);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">For your security, we need to confirm it is you. We will send you a one-time code.</Text>
        <Radio.Group
          label="Where should we send your code?"
          value={selected}
          onChange={(v) => {
            setSelected(v);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((c) => (
              <Radio key={choiceKey(c)} value={choiceKey(c)} label={describeChoice(c)} />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" loading={sending} fullWidth>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
