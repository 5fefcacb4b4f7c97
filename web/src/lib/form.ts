import type * as z from 'zod/mini';

export type FieldErrors = Record<string, string>;

/** A zod result's issues as field → first message, keyed by the top-level field name. */
export function zodFieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
