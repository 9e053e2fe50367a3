import { MONITOR_PAGE_SIZE, MONITOR_STATUSES, parseDateInput, type MonitorQuery, type MonitorStatus } from '@tripline/core';

/** The monitor's filters as the URL keeps them (spec 3 §2): status, referenceNumber, serviceDate, actionDate, and the page. */
export interface MonitorFilters {
  status: MonitorStatus;
  referenceNumber: string;
  serviceDate: string;
  actionDate: string;
  page: number;
}

const isStatus = (s: string | null): s is MonitorStatus => !!s && (MONITOR_STATUSES as readonly string[]).includes(s);

/** The filters of an address: Pending when no status is given (rule 268); dates in any accepted form. */
export function filtersFromParams(params: URLSearchParams, today: string): MonitorFilters {
  const day = (name: string) => {
    const raw = params.get(name)?.trim() ?? '';
    return raw ? (parseDateInput(raw, today) ?? '') : '';
  };
  const page = Number(params.get('page'));
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : 'Pending',
    referenceNumber: (params.get('referenceNumber') ?? '').trim().slice(0, 10),
    serviceDate: day('serviceDate'),
    actionDate: day('actionDate'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of the filters: empty filters and the first page are left out. */
export function paramsFromFilters(f: MonitorFilters): URLSearchParams {
  const p = new URLSearchParams({ status: f.status });
  if (f.referenceNumber) p.set('referenceNumber', f.referenceNumber);
  if (f.serviceDate) p.set('serviceDate', f.serviceDate);
  if (f.actionDate) p.set('actionDate', f.actionDate);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The question to GET partner-monitor for the filters' page. */
export function queryOf(f: MonitorFilters): MonitorQuery {
  return {
    status: f.status,
    referenceNumber: f.referenceNumber || undefined,
    serviceDate: f.serviceDate || undefined,
    actionDate: f.actionDate || undefined,
    offset: (f.page - 1) * MONITOR_PAGE_SIZE,
    limit: MONITOR_PAGE_SIZE,
  };
}

/** 'Showing 51–100 of 120', or null when nothing matches. */
export function showingText(page: number, rows: number, total: number): string | null {
  if (total === 0 || rows === 0) return null;
  const from = (page - 1) * MONITOR_PAGE_SIZE + 1;
  return `Showing ${from}–${from + rows - 1} of ${total}`;
}
