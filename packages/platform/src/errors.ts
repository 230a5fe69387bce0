/**
 * Errors are values with a stable id (`code`) and an HTTP status, rendered by one error
 * handler into the spec's `{ error, details? }` body (plus `code`). Anything that is not an
 * AppError becomes a 500 `internal_error` whose message is not shown to the client.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message = 'Invalid request', details?: unknown) {
    super(400, 'validation_failed', message, details);
  }
}
export class AuthenticationError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, 'authentication_required', message);
  }
}
export class AuthorizationError extends AppError {
  constructor(message = 'Forbidden', details?: unknown) {
    super(403, 'forbidden', message, details);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', details?: unknown) {
    super(404, 'not_found', message, details);
  }
}
export class ConflictError extends AppError {
  constructor(message = 'Conflict', details?: unknown) {
    super(409, 'conflict', message, details);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message = 'Payload too large') {
    super(413, 'payload_too_large', message);
  }
}
export class RateLimitError extends AppError {
  constructor(
    message = 'Too many requests',
    /** Sent as Retry-After (whole seconds, at least 1) when given. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'rate_limited', message);
  }
}
/** An upstream service or dependency is down, has no responders, or timed out. */
export class UnavailableError extends AppError {
  constructor(message = 'Service unavailable', details?: unknown) {
    super(503, 'service_unavailable', message, details);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

const LOGGED = Symbol.for('acg.error.logged');

/**
 * Marks an error its thrower has logged already (or chose to log at a limited rate, like the
 * gateway's failing upstreams): the error handler then answers it without a log line of its own.
 */
export function alreadyLogged<E extends Error>(error: E): E {
  (error as E & { [LOGGED]?: true })[LOGGED] = true;
  return error;
}

export const wasLogged = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { [LOGGED]?: true })[LOGGED] === true;
