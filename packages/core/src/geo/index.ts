// Rules of this area, re-exported from the package root.
export * from './address.ts';
export * from './distance.ts';
export * from './geocoding.ts';
export * from './messages.ts';
export * from './tiles.ts';
