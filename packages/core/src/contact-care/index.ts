export * from './messages.ts';
export * from './infectious.ts';
export * from './holds.ts';
export * from './partner-refusal.ts';
export * from './duplicates.ts';
export * from './merge.ts';
export * from './preferred-partner.ts';
