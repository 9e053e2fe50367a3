// Re-exported from the package root.
export * from './texts.ts';
export * from './landing.ts';
export * from './rules.ts';
export * from './emails.ts';
