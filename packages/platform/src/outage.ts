import { alreadyLogged, UnavailableError } from './errors';
import type { Logger } from './logger';

/**
 * A lost dependency (PostgreSQL, Redis) is an outage, not a bug: the request that met it answers
 * 503 `service_unavailable` with Retry-After, and the loops that met it pause and try again.
 * This file is the one place that tells such failures apart from the rest.
 */

/** PostgreSQL SQLSTATEs of a server that is gone, going or not there yet. */
const PG_CONNECTION_STATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

/** Node's socket-level codes. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg, pg-pool and ioredis say when the connection is gone (they set no code). */
const MESSAGES = [
  /^Connection terminated/, // pg: 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
  /^Connection is closed\.$/, // ioredis
  /^Stream isn't writeable and enableOfflineQueue options is false$/, // ioredis
  /^Command timed out$/, // ioredis commandTimeout
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
];

const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

/** Whether `err` (or an error it wraps as `cause`, as drizzle's DrizzleQueryError does) is a lost dependency. */
export function isOutage(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string') {
      if (PG_CONNECTION_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    }
    if (typeof name === 'string' && REDIS_ERROR_NAMES.has(name)) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The 503 a request answers when it met a lost dependency (its cause kept for the log). */
export class DependencyUnavailableError extends UnavailableError {
  constructor(cause: unknown) {
    super();
    this.cause = cause;
  }
}

let quietUntil = 0;
let quietCount = 0;

/**
 * `err` as the platform's 503 when it is a lost dependency; undefined otherwise. Given a log, the
 * failures of requests during an outage are logged once every 5 s at most (with how many the
 * quiet period held), not once per request; the answer is then not logged again.
 */
export function asOutage(
  err: unknown,
  log?: { warn(obj: object, msg: string): void },
): UnavailableError | undefined {
  if (err instanceof UnavailableError) return err;
  if (!isOutage(err)) return undefined;
  const answer = new DependencyUnavailableError(err);
  if (!log) return answer;
  const now = Date.now();
  if (now >= quietUntil) {
    log.warn({ err: summary(err), quietFailures: quietCount }, 'request met a lost dependency: 503');
    quietUntil = now + 5000;
    quietCount = 0;
  } else quietCount++;
  return alreadyLogged(answer);
}

/**
 * Logs an outage of one dependency once, not once per failed attempt: the first failure is a
 * warning, the next ones are counted silently, and the first success after them says how long it
 * lasted and how many attempts failed.
 */
export interface OutageLog {
  /** A failed attempt; logged only when it starts an outage. */
  failed(err: unknown): void;
  /** A successful attempt; ends the outage (logged) if there was one. */
  ok(): void;
  /** Whether the last attempt failed. */
  readonly down: boolean;
}

export function createOutageLog(logger: Logger | undefined, what: string): OutageLog {
  let since: number | undefined;
  let failures = 0;
  return {
    failed(err) {
      failures++;
      if (since !== undefined) return;
      since = Date.now();
      logger?.warn({ err: summary(err) }, `${what}: unavailable, retrying`);
    },
    ok() {
      if (since === undefined) return;
      logger?.info({ downMs: Date.now() - since, failures }, `${what}: available again`);
      since = undefined;
      failures = 0;
    },
    get down() {
      return since !== undefined;
    },
  };
}

/** pg's errors carry their whole client; a log needs the message and the code. */
function summary(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const cause = (err as { cause?: unknown }).cause;
  return {
    message: err.message,
    code: (err as { code?: unknown }).code,
    ...(cause instanceof Error
      ? { cause: { message: cause.message, code: (cause as { code?: unknown }).code } }
      : {}),
  };
}

/**
 * The delay before attempt `n + 1` of a loop that keeps failing: doubling from `baseMs` up to
 * `maxMs`, with a little jitter so replicas do not retry in step.
 */
export function backoffMs(failures: number, baseMs = 250, maxMs = 2000): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}
