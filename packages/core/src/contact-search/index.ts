export * from './terms.ts';
export * from './rank.ts';
