import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TOAST_MS } from '@tripline/core';

/** Durations by context (spec 1 §9, DECISIONS 5). */
export type ToastDuration = keyof typeof TOAST_MS;

export interface ToastOptions {
  title?: string;
  /** Showing a toast with the id of one still on screen replaces it instead of stacking a copy. */
  id?: string;
  duration?: ToastDuration;
  /** Stays until the user closes it. */
  persist?: boolean;
  /** Adds the 'Report Bug' link (spec 1 §8). */
  reportBug?: boolean;
  /** Called when the toast goes, closed by the user or timed out. */
  onClose?: () => void;
}

type Level = 'success' | 'info' | 'warning' | 'error';

const LOOK: Record<Level, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
};

function ReportBugLink() {
  // The page the problem happened on travels with the link, so the report can name it.
  return (
    <Anchor component={Link} to="/bug-report" state={{ from: window.location.href }} size="sm">
      Report Bug
    </Anchor>
  );
}

function isShowing(id: string): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((n) => n.id === id) || queue.some((n) => n.id === id);
}

function show(level: Level, message: ReactNode, options: ToastOptions, fallback: ToastDuration): string {
  const body = options.reportBug ? (
    <Stack gap={4}>
      <Text size="sm">{message}</Text>
      <ReportBugLink />
    </Stack>
  ) : (
    message
  );
  const data: NotificationData = {
    ...LOOK[level],
    id: options.id,
    title: options.title,
    message: body,
    autoClose: options.persist ? false : TOAST_MS[options.duration ?? fallback],
    role: level === 'error' || level === 'warning' ? 'alert' : 'status',
    onClose: options.onClose,
  };
  if (options.id && isShowing(options.id)) {
    notifications.update({ ...data, id: options.id });
    return options.id;
  }
  return notifications.show(data);
}

/** The one way the app shows a toast. Errors stay 60 s, others 15 s unless the context says otherwise. */
export const toast = {
  success: (message: ReactNode, options: ToastOptions = {}) => show('success', message, options, 'partner'),
  info: (message: ReactNode, options: ToastOptions = {}) => show('info', message, options, 'partner'),
  warning: (message: ReactNode, options: ToastOptions = {}) => show('warning', message, options, 'partner'),
  error: (message: ReactNode, options: ToastOptions = {}) => show('error', message, options, 'error'),
  hide: (id: string) => notifications.hide(id),
};
