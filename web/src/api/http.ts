/** A call answered with a non-2xx status; `body` is the parsed JSON body when there was one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** The server's own error text, when it answered with one (`error`, else `message`); else null. */
export function serverErrorText(err: unknown): string | null {
  if (!(err instanceof HttpError)) return null;
  const body = err.body as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error === 'string' && body.error) return body.error;
  if (typeof body?.message === 'string' && body.message) return body.message;
  return null;
}
