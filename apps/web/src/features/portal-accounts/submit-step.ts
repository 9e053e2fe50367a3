import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../../lib/api.ts';
import { showServerProblems } from '../passwords/server-problems.ts';

/**
 * Submits one step: checks the fields, sends them, and puts a refusal (400, or a throttle's 429)
 * on the step's fields; other failures were already told by the API client.
 */
export function useStepSubmit<T extends object>(form: UseFormReturnType<T>, fallback: keyof T & string, send: (values: T) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (form.validate().hasErrors) return;
    setBusy(true);
    try {
      await send(form.getValues());
    } catch (error) {
      if (!showServerProblems(form, error, fallback) && error instanceof ApiError && error.status === 429) {
        form.setFieldError(fallback, error.message);
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
