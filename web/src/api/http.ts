import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

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

interface Call {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

async function send<T>(path: string, init: Call, schema: $ZodType<T>): Promise<T> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new HttpError(response.status, body);
  // The answer is a boundary too: parse only the fields the page uses, tolerate the rest.
  return z.parse(schema, body);
}

export const getJson = <T>(path: string, schema: $ZodType<T>, signal?: AbortSignal): Promise<T> =>
  send(path, { method: 'GET', signal }, schema);

export const postJson = <T>(path: string, body: unknown, schema: $ZodType<T>): Promise<T> =>
  send(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    schema,
  );

/** The server's own error text, when it answered with one (`error`, else `message`); else null. */
export function serverErrorText(err: unknown): string | null {
  if (!(err instanceof HttpError)) return null;
  const body = err.body as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error === 'string' && body.error) return body.error;
  if (typeof body?.message === 'string' && body.message) return body.message;
  return null;
}

/** A failure as a person reads it: the server's own error text when it sent one, else the message. */
export function errorText(err: unknown): string {
  return serverErrorText(err) ?? (err instanceof Error ? err.message : String(err));
}
