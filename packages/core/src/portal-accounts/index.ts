// Re-exported from the package root.
export * from './texts.ts';
export * from './landing.ts';
