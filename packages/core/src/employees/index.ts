export * from './model.ts';
export * from './rules.ts';
export * from './csv.ts';
