import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import './notifications.css';

/**
 * Where dialogs and toasts appear. Both are opened by calls from anywhere (`modals.open…`,
 * `toast…`), not through a React context, so this layer sits beside the page instead of around
 * it and comes after the first screen: toasts asked for meanwhile wait in their store.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" limit={5} zIndex={1000} />
    </>
  );
}
