export * from './messages.ts';
export * from './model.ts';
export * from './pay.ts';
export * from './rules.ts';
