import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { showServerProblems } from './server-problems.ts';

function fakeForm() {
  const errors: Record<string, string> = {};
  return { errors, values: { currentPassword: '', newPassword: '' }, setFieldError: (p: string, m: string) => (errors[p] = m) };
}

describe('server problems on a form', () => {
  it('puts each named field’s message on it', () => {
    const form = fakeForm();
    const error = new ApiError({ call: 'POST password-edit', status: 400, error: 'bad_request', message: 'x', details: [{ path: 'currentPassword', message: 'The current password is not correct' }] });
    expect(showServerProblems(form, error, 'newPassword')).toBe(true);
    expect(form.errors).toEqual({ currentPassword: 'The current password is not correct' });
  });

  it('puts a message naming no field of the form on the fallback field', () => {
    const form = fakeForm();
    const error = new ApiError({ call: 'POST password-edit', status: 400, error: 'bad_request', message: 'Contact has no user name', details: [] });
    expect(showServerProblems(form, error, 'newPassword')).toBe(true);
    expect(form.errors).toEqual({ newPassword: 'Contact has no user name' });
  });

  it('leaves other failures alone', () => {
    const form = fakeForm();
    expect(showServerProblems(form, new ApiError({ call: 'POST password-edit', status: 403, error: 'forbidden', message: 'No' }), 'newPassword')).toBe(false);
    expect(showServerProblems(form, new Error('x'), 'newPassword')).toBe(false);
    expect(form.errors).toEqual({});
  });
});
