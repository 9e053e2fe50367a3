export * from './messages.ts';
export * from './vin.ts';
export * from './wmi.ts';
export * from './rules.ts';
export * from './capabilities.ts';
export * from './schemas.ts';
