export * from './types.ts';
export * from './rules.ts';
export * from './notice.ts';
