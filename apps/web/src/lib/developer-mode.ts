import { useLocalStorage } from '@mantine/hooks';

/**
 * Staff developer mode (spec 1 §5): lets staff accept or decline trips that already occurred.
 * Kept per browser; the server still checks that the caller is staff.
 */
export function useDeveloperMode(allowed: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = useLocalStorage<boolean>({ key: 'tripline.developerMode', defaultValue: false, getInitialValueInEffect: false });
  return [allowed && on, setOn];
}
