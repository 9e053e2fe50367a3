// Rules of this area, re-exported from the package root.
export * from './messages.ts';
export * from './will-call.ts';
export * from './times.ts';
export * from './legs.ts';
export * from './validate.ts';
export * from './series.ts';
export * from './windows.ts';
