import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { RES_MSG } from '@tripline/core';
import { confirm } from '../../lib/confirm.tsx';

/**
 * Leaving the editor with unsaved changes asks first (in the app), and the browser asks on reload
 * or close. Answers `release`, for a save that navigates before its render has caught up.
 */
export function useUnsavedPrompt(dirty: boolean): () => void {
  const held = useRef(dirty);
  held.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => held.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ title: 'Unsaved changes', message: RES_MSG.UNSAVED_CHANGES, confirmLabel: 'Discard', danger: true }).then((yes) =>
      yes ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return () => {
    held.current = false;
  };
}
