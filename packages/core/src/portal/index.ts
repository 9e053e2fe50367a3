// Re-exported from the package root.
export * from './trip.ts';
export * from './member-plans.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './project.ts';
