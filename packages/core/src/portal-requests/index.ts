// Re-exported from the package root.
export * from './messages.ts';
export * from './rules.ts';
export * from './prefill.ts';
