export * from './messages.ts';
export * from './diff.ts';
export * from './time.ts';
export * from './query.ts';
export * from './activities.ts';
