import { Notifications } from '@mantine/notifications';
import './notifications.css';

/**
 * Where toasts appear. They are asked for by calls from anywhere (`toast…`) and wait in their store
 * until this is drawn, so it comes just after the first screen instead of with it.
 */
export function Toasts() {
  return <Notifications position="top-right" limit={5} zIndex={1000} />;
}
