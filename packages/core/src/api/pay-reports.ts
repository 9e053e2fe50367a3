import type { Endpoint } from './endpoint.ts';

// Partner pay reports: the week's pay and the trips not yet final (spec 2 §5, 3 §2).

export const payReportEndpoints = {} satisfies Record<string, Endpoint>;
