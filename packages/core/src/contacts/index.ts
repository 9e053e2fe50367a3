// Rules of this area, re-exported from the package root.
export * from './messages.ts';
export * from './phones.ts';
export * from './addresses.ts';
export * from './rules.ts';
export * from './schemas.ts';
