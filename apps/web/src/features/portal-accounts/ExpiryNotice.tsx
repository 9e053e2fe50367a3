import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ExpiryState } from './expiry.ts';

/**
 * Says that a code or link is about to stop working, or has, with what to do about it (`action`,
 * e.g. a button to send a new one). Announced politely so it does not interrupt typing.
 */
export function ExpiryNotice({ state, expiredText, action }: { state: ExpiryState; expiredText: string; action?: ReactNode }) {
  if (state.kind === 'fine') return null;
  return (
    <Alert color={state.kind === 'expired' ? 'red' : 'yellow'} icon={<IconClock size={18} aria-hidden />} role="status">
      {state.kind === 'expired' ? expiredText : state.text} {action}
    </Alert>
  );
}
