/** Domain errors: tiny named classes the pipeline maps to HTTP answers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string, errors?: { path: string; message: string }[]) {
    super(400, message, errors ? { errors } : {});
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Not authenticated', body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(401, message, body, headers);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(what = 'Resource') {
    super(404, `${what} not found`);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/**
 * A document holds a character no font of the PDF writer has (an emoji, a private-use or unassigned
 * code point, a script without a face yet): refused rather than printed as a blank or a box.
 */
export class UnprintableTextError extends HttpError {
  constructor() {
    super(422, 'This report contains characters Caseload cannot print yet');
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message: string, body: Record<string, unknown> = {}) {
    super(429, message, body);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is busy. Please try again in a moment.') {
    super(503, message, {}, { 'Retry-After': '1' });
  }
}
/**
 * The AI note generator failed (busy, slow, not enabled, unusable output). 503 when trying again
 * later can help, 502 when it cannot; the message is shown to the user as is.
 */
export class NoteGenerationError extends HttpError {
  constructor(message: string, readonly retryable: boolean) {
    super(retryable ? 503 : 502, message, {}, retryable ? { 'Retry-After': '30' } : {});
  }
}
