import { pushClientError, type ClientErrorEntry } from '@tripline/core';

const STORAGE_KEY = 'tripline.clientErrors';

/** Where the log survives a page reload within the tab; absent outside a browser. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function load(): ClientErrorEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ClientErrorEntry[]) : [];
  } catch {
    return [];
  }
}

let log: ClientErrorEntry[] = load();

/** spec 1 §9: keeps the latest 16 entries for the bug report. */
export function recordClientError(entry: Omit<ClientErrorEntry, 'at'> & { at?: string }): void {
  const full: ClientErrorEntry = {
    at: entry.at ?? new Date().toISOString(),
    message: entry.message.slice(0, 2000),
    ...(entry.url ? { url: entry.url.slice(0, 2000) } : {}),
    ...(entry.status !== undefined ? { status: entry.status } : {}),
  };
  log = pushClientError(log, full);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(log));
  } catch {
    // A full or blocked storage only costs the log across reloads.
  }
}

export function clientErrors(): ClientErrorEntry[] {
  return [...log];
}

export function clearClientErrors(): void {
  log = [];
  storage()?.removeItem(STORAGE_KEY);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ? `${reason.message}\n${reason.stack}` : reason.message;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

/** Feeds uncaught errors and rejections into the log; failed API calls are logged where they fail. */
export function captureGlobalErrors(target: Pick<Window, 'addEventListener' | 'location'>): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    recordClientError({ message: describe(event.error ?? event.message), url: target.location.href });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (event.reason instanceof Error && event.reason.name === 'ApiError') return;
    recordClientError({ message: describe(event.reason), url: target.location.href });
  });
}
