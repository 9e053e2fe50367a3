export * from './messages.ts';
export * from './requests.ts';
export * from './approval.ts';
export * from './describe.ts';
