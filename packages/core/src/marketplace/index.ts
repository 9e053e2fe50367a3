export * from './rules.ts';
export * from './row.ts';
