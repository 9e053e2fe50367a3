export * from './rules.ts';
export * from './generator.ts';
export * from './access.ts';
export * from './support.ts';
export * from './held.ts';
