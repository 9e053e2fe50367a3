export * from './messages.ts';
export * from './week.ts';
export * from './totals.ts';
export * from './rows.ts';
