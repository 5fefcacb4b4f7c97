/**
 * An API error and what a screen reads from it. Apart from api.ts (which re-exports it) so that the
 * offline queue can tell a refusal from a failure without importing the client that signs the
 * device out, which itself clears the queue (no import circle inside lib).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${status}: ${JSON.stringify(body)}`);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function bodyField(error: unknown, field: string): unknown {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  return (error.body as Record<string, unknown>)[field];
}

/** The server's human message (`body.message`) for a toast or banner, or the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = bodyField(error, 'message');
  return typeof message === 'string' && message ? message : fallback;
}

/** A number the server put in an error body, e.g. `failedAttempts` or `remainingTime`. */
export function errorNumber(error: unknown, field: string): number | undefined {
  const value = bodyField(error, field);
  return typeof value === 'number' ? value : undefined;
}

/** A 400's `{ errors: [{ path, message }] }` as field → first message, to show next to the inputs. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = bodyField(error, 'errors');
  const result: Record<string, string> = {};
  if (!Array.isArray(errors)) return result;
  for (const item of errors as { path?: unknown; message?: unknown }[]) {
    if (typeof item.path === 'string' && typeof item.message === 'string') result[item.path] ??= item.message;
  }
  return result;
}
