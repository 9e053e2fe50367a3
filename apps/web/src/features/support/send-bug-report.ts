import { contract, type BodyOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export function sendBugReport(body: BodyOf<typeof contract.bugReportCreate>) {
  return callApi(contract.bugReportCreate, { body });
}
