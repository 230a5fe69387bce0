import { type ServerKey, t, type Values } from '@acg/i18n/server';

/**
 * A message of the server texts (`locales/<lang>/server.json`), said in the caller's language
 * when the error is answered: domain code that does not know who asked throws with one, and the
 * error handler (and the gateway's edge) renders it for the request (docs/rules.md, refusals). A value may be
 * a ServerText itself ('5 MB' inside the 413's text), said in the same language.
 */
export class ServerText {
  constructor(
    readonly key: ServerKey,
    readonly values: Values = {},
  ) {}
  in(language: string): string {
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(this.values))
      values[name] = value instanceof ServerText ? value.in(language) : value;
    return t(language, this.key, values);
  }
}

/** `new NotFoundError(text('admin.newsNotFound'))`: a refusal said in the caller's language. */
export const text = (key: ServerKey, values?: Values): ServerText => new ServerText(key, values);

/**
 * Errors are values with a stable id (`code`) and an HTTP status, rendered by one error
 * handler into the spec's `{ error, details? }` body (plus `code`). Anything that is not an
 * AppError becomes a 500 `internal_error` whose message is not shown to the client. A message
 * given as a ServerText is answered in the caller's language (`messageIn`); `message` is its
 * English, for logs.
 */
export class AppError extends Error {
  /** The message as a server text, when it was given as one. */
  readonly text: ServerText | undefined;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string | ServerText,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.in('en'));
    this.name = new.target.name;
    this.text = typeof message === 'string' ? undefined : message;
  }

  /** The message in `language`: its server text's, else the text it was thrown with. */
  messageIn(language: string): string {
    return this.text ? this.text.in(language) : this.message;
  }
}

/**
 * An AppError of one status and code, thrown with its own message (a server text, said in the
 * caller's language) or, without one, with `fallback`.
 */
const refusal = (status: number, code: string, fallback: ServerKey) =>
  class extends AppError {
    constructor(message: string | ServerText = text(fallback), details?: unknown) {
      super(status, code, message, details);
    }
  };

export class ValidationError extends refusal(400, 'validation_failed', 'platform.invalidRequest') {}
export class AuthenticationError extends refusal(
  401,
  'authentication_required',
  'platform.authenticationRequired',
) {}
export class AuthorizationError extends refusal(403, 'forbidden', 'platform.forbidden') {}
export class NotFoundError extends refusal(404, 'not_found', 'platform.notFound') {}
export class ConflictError extends refusal(409, 'conflict', 'platform.conflict') {}
export class PayloadTooLargeError extends AppError {
  constructor(message: string | ServerText = text('platform.payloadTooLarge')) {
    super(413, 'payload_too_large', message);
  }
}
export class RateLimitError extends AppError {
  constructor(
    message: string | ServerText = text('platform.tooManyRequests'),
    /** Sent as Retry-After (whole seconds, at least 1) when given. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'rate_limited', message);
  }
}
/** An upstream service or dependency is down, has no responders, or timed out. */
export class UnavailableError extends refusal(503, 'service_unavailable', 'platform.unavailable') {}

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
