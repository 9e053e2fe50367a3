export * from './model.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './stats.ts';
export * from './time-input.ts';
