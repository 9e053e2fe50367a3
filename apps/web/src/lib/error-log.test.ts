import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LOG_SIZE } from '@tripline/core';
import { captureGlobalErrors, clearClientErrors, clientErrors, recordClientError } from './error-log.ts';

beforeEach(() => clearClientErrors());

describe('client error log (spec 1 §9)', () => {
  it('keeps the latest 16 entries, oldest first', () => {
    for (let i = 1; i <= 20; i++) recordClientError({ message: `failure ${i}`, status: 500 });
    const log = clientErrors();
    expect(log).toHaveLength(CLIENT_ERROR_LOG_SIZE);
    expect(log[0]!.message).toBe('failure 5');
    expect(log.at(-1)).toMatchObject({ message: 'failure 20', status: 500 });
    expect(log[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('records uncaught errors and rejections, but not failed API calls twice', () => {
    const handlers = new Map<string, (event: unknown) => void>();
    const target = {
      location: { href: 'http://tripline.test/admin' },
      addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    } as unknown as Pick<Window, 'addEventListener' | 'location'>;
    captureGlobalErrors(target);

    handlers.get('error')!({ error: new Error('render failed') });
    handlers.get('unhandledrejection')!({ reason: 'lost connection' });
    const apiError = Object.assign(new Error('already logged'), { name: 'ApiError' });
    handlers.get('unhandledrejection')!({ reason: apiError });

    const log = clientErrors();
    expect(log.map((e) => e.message.split('\n')[0])).toEqual(['render failed', 'lost connection']);
    expect(log[0]!.url).toBe('http://tripline.test/admin');
  });
});
