import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Focus the confirm button on open, so Enter confirms (keyboard-driven flows). */
  focusConfirm?: boolean;
}

/** Asks before an action; resolves true only when the user confirms (closing the dialog says no). */
export function confirm({ title, message, confirmLabel, cancelLabel = 'Cancel', danger, focusConfirm }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      resolve(yes);
    };
    modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { ...(danger ? { color: 'red' } : {}), ...(focusConfirm ? { 'data-autofocus': true } : {}) },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
