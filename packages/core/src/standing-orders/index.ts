// Rules of this area, re-exported from the package root.
export * from './dates.ts';
export * from './messages.ts';
export * from './notes.ts';
export * from './recurrence.ts';
