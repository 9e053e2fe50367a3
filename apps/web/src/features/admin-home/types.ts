import type { contract, ResponseOf } from '@tripline/core';

export type SupportRequest = ResponseOf<typeof contract.supportRequestList>[number];
export type BugReport = ResponseOf<typeof contract.bugReportList>[number];
export type OutboxMessage = ResponseOf<typeof contract.outboxMessages>[number];
