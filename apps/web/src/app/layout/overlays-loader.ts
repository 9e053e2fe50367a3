/**
 * The dialogs and toasts layer, fetched after the first screen. One loader for everyone who needs
 * it there: the frame mounts it, and the message bell waits for it before it can pop a message up.
 */
export const loadOverlays = () => import('./Overlays.tsx');
