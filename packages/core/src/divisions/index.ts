// Divisions, ZIP codes and the watch list, re-exported from the package root.
export * from './states.ts';
export * from './divisions.ts';
export * from './watch-list.ts';
export * from './watch-list-sheet.ts';
export * from './schemas.ts';
