import { useEffect, useState } from 'react';

/**
 * False for the first render and true from the frame after: what can wait (side panels) is drawn
 * once what the user works in is on screen, so the form is usable sooner.
 */
export function useAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setReady(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}
