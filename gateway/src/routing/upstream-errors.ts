import type { ServiceName } from '@acg/contracts';
import { AppError, text, UnavailableError } from '@acg/platform';

/** Failures that mean nobody is there: refused, unreachable, not accepted in time, dropped. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);
/** The upstream accepted the request but did not answer in time. */
const TIMED_OUT = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
]);

const codesOf = (error: unknown): string[] => {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    e = cause;
  }
  return codes;
};

/**
 * What the client hears when forwarding to a service failed (reply-from wraps the transport
 * error; its cause carries the socket's code): 503 when the service is not there, 504 when it
 * is there but too slow, 502 for anything else it got wrong.
 */
export function upstreamFailure(error: unknown, service: ServiceName): AppError {
  const codes = codesOf(error);
  if (codes.some((c) => TIMED_OUT.has(c))) {
    return new AppError(504, 'upstream_timeout', text('platform.upstreamTimeout'), { service });
  }
  if (codes.some((c) => UNREACHABLE.has(c))) return new UnavailableError(undefined, { service });
  return new AppError(502, 'bad_gateway', text('platform.upstreamFailed'), { service });
}

/** The connection was refused: the request was never sent, so any method may go elsewhere. */
export const isRefused = (error: unknown): boolean => codesOf(error).includes('ECONNREFUSED');

/**
 * A kept-alive connection reset or closed under the request (the service closed it as the
 * request went out, or the pool was closing): a read may be sent again.
 */
const RESET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED']);
export const isResetConnection = (error: unknown): boolean => codesOf(error).some((c) => RESET.has(c));
