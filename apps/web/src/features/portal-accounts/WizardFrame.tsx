import { useEffect, useRef, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { NeedHelp } from './NeedHelp.tsx';

/**
 * One step of signing in or creating an account: its heading (which takes the focus when the step
 * changes, so a screen reader announces where the user now is), its content and the shared help.
 */
export function WizardFrame({ step, title, intro, children }: { step: string; title: string; intro?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // The first step keeps the focus where the page put it (its first field); later steps move it.
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }} data-step={step}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {children}
        <NeedHelp />
      </Stack>
    </Paper>
  );
}
