import { ApiError } from '../../lib/api.ts';

interface FieldErrorTarget<T> {
  values: T;
  setFieldError(path: string, message: string): void;
}

/**
 * Puts a refused request's problems (400) on the form's fields; one that names no field of the
 * form goes on `fallback`. Answers whether the error was such a refusal (others were toasted).
 */
export function showServerProblems<T extends object>(form: FieldErrorTarget<T>, error: unknown, fallback: keyof T & string): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const fields = error.details.filter((d) => d.path in form.values);
  if (fields.length === 0) form.setFieldError(fallback, error.message);
  for (const d of fields) form.setFieldError(d.path, d.message);
  return true;
}
