import type { Writable } from 'node:stream';
import { Transform } from 'node:stream';
import {
  bodyLimitOf,
  isPersonal,
  type RouteSpec,
  routes as routeTable,
  type ServiceName,
} from '@acg/contracts';
import { AppError, alreadyLogged, bodyTooLarge, spanCarrier, text, UnavailableError } from '@acg/platform';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from '../config';
import { enforceAccess } from '../identity/access';
import type { Visitor, VisitorLookup } from '../identity/visitor';
import {
  compressStream,
  compressSync,
  type Encoding,
  encodingFor,
  varyWithEncoding,
  worthCompressing,
} from './answer-compression';
import { type AnswerCopies, type KeptAnswer, refreshedHeaders } from './answer-copies';
import type { Exchange } from './exchange';
import type { IdentitySigner } from './identity-signer';
import { methodsOf } from './route-table';
import { isRefused, isResetConnection, upstreamFailure } from './upstream-errors';
import { CONNECTION_HEADERS, upstreamHeaders } from './upstream-headers';
import type { FailureLog, Replica, Upstream } from './upstreams';

const IDEMPOTENT = new Set(['GET', 'HEAD']);
const PERSONAL_CACHING = 'private, no-store';
/** Answers up to this size (announced by Content-Length) are collected and sent in one write. */
const BUFFERED_ANSWER_MAX = 64 * 1024;
/** Headers of the service's connection, not of its answer. */
const ANSWER_HOP_BY_HOP = new Set<string>(CONNECTION_HEADERS);

/** What forwarding one route-table path needs: its entries by method, and where to send. */
export interface PathForwarding {
  service: ServiceName;
  path: string;
  /** Under /admin: a browser navigation there is the admin page, not an API call. */
  admin: boolean;
  byMethod: ReadonlyMap<string, RouteSpec>;
  allow: string;
  upstream: Upstream | undefined;
  failures: FailureLog;
}

export function forwardingOf(
  service: ServiceName,
  path: string,
  upstream: Upstream | undefined,
  failures: FailureLog,
): PathForwarding {
  const byMethod = new Map<string, RouteSpec>();
  for (const route of routeTable) {
    if (route.path !== path || route.service !== service) continue;
    byMethod.set(route.method, route);
    if (route.method === 'GET') byMethod.set('HEAD', route);
  }
  return {
    service,
    path,
    admin: path.startsWith('/admin'),
    byMethod,
    allow: methodsOf(path).join(', '),
    upstream,
    failures,
  };
}

export interface ForwardingSetting {
  config: GatewayConfig;
  visitors: VisitorLookup;
  sign: IdentitySigner;
  publicHost: string;
  /** Copies of the `revalidated` routes' large answers (answer-copies.ts). */
  copies: AnswerCopies;
}

/**
 * Answers `error` once the visitor is known, in their session's language: for refusals after the
 * policies (rate limits included), which may cost a session look-up as any request does.
 */
export function refuseAsVisitor(x: Exchange, visitors: VisitorLookup, error: AppError): void {
  const visitor = visitors(x);
  const refuse = (known?: Visitor) => {
    if (known) x.visitorKnown(known);
    x.fail(error);
  };
  if (visitor instanceof Promise) visitor.then(refuse, () => refuse());
  else refuse(visitor);
}

/**
 * The gate of one route-table path, before any body is read: a method the table does not list
 * is 405; a declared body over the route's limit is 413; then the visitor is resolved and the
 * route's access rule applied (401/403 whether or not the service runs); a service that is not
 * built is 503. Then the request goes to the service with the visitor's signed identity.
 */
export function forward(target: PathForwarding, x: Exchange, setting: ForwardingSetting): void {
  const route = target.byMethod.get(x.method);
  if (!route) {
    x.header('allow', target.allow);
    refuseAsVisitor(
      x,
      setting.visitors,
      new AppError(405, 'method_not_allowed', text('platform.methodNotAllowed')),
    );
    return;
  }
  if (isPersonal(route)) {
    x.personal = true;
    x.header('cache-control', PERSONAL_CACHING);
  }
  // A body over the route's limit is refused before anyone reads it (chunked bodies, which
  // announce no length, are counted as they are forwarded: see bodyOf).
  const bodyLimit = bodyLimitOf(route);
  const length = Number(x.headers['content-length'] ?? 0);
  const visitor = setting.visitors(x);
  if (length > bodyLimit) {
    // Refused unread; the visitor is known only for the language of the refusal (413 with the
    // route's limit: its service takes exactly the same, so this is the only size refusal).
    const refuse = (known: Visitor) => {
      x.visitorKnown(known);
      x.fail(bodyTooLarge(bodyLimit));
    };
    if (visitor instanceof Promise) visitor.then(refuse, () => x.fail(bodyTooLarge(bodyLimit)));
    else refuse(visitor);
    return;
  }
  if (visitor instanceof Promise) {
    visitor.then(
      (known) => x.guard(() => send(target, x, setting, route, known, bodyLimit, length)),
      (error: unknown) => x.fail(error),
    );
  } else send(target, x, setting, route, visitor, bodyLimit, length);
}

function send(
  target: PathForwarding,
  x: Exchange,
  setting: ForwardingSetting,
  route: RouteSpec,
  visitor: Visitor,
  bodyLimit: number,
  length: number,
): void {
  x.visitorKnown(visitor);
  try {
    // Access first: a visitor who may not call the route learns that (401/403) whether or not
    // its service runs; only callers who may call it learn it is unavailable.
    enforceAccess(route.access, visitor);
    if (!target.upstream) throw new UnavailableError(undefined, { service: target.service });
  } catch (error) {
    x.fail(error);
    return;
  }
  const headers = upstreamHeaders(x, x.headers, {
    service: target.service,
    identity: visitor.identity,
    sign: setting.sign,
    trustedHops: setting.config.TRUST_PROXY,
    publicHost: setting.publicHost,
  });
  // The service continues the gateway's span (rules §71); the client's own traceparent, if any, is the gateway's parent.
  if (x.span) Object.assign(headers, spanCarrier(x.span));
  const body = bodyOf(x, bodyLimit, length);
  let copy: Copy | undefined;
  if (route.revalidated && x.method === 'GET' && body === null) {
    const key = setting.copies.keyOf(x.url, x.headers);
    if (key !== undefined) {
      const kept = setting.copies.get(key);
      // The service answers 304 when the copy is still its current answer.
      if (kept) headers['if-none-match'] = kept.etag;
      copy = { copies: setting.copies, key, kept };
    }
  }
  dispatch(target, x, headers, body, { tried: new Set(), retried: false }, copy);
}

/** A request a kept copy may answer: where copies are kept, its key, and the copy if there is one. */
interface Copy {
  copies: AnswerCopies;
  key: string;
  kept: KeptAnswer | undefined;
}

/** The request body to forward: none, the request stream, or the stream through a counter. */
function bodyOf(x: Exchange, limit: number, length: number): Dispatcher.DispatchOptions['body'] {
  const chunked = x.headers['transfer-encoding'] !== undefined;
  if (!chunked && length === 0) return null;
  if (!chunked || x.headers['content-length'] !== undefined) return x.req;
  let seen = 0;
  return x.req.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > limit ? bodyTooLarge(limit) : null, chunk);
      },
    }),
  );
}

/** The refusal that made forwarding fail, if it was ours (a chunked body over its limit). */
const ownRefusal = (error: unknown): AppError | undefined => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof AppError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Where one request has been: replicas that refused it, and whether a read was retried. */
interface Attempts {
  tried: Set<Replica>;
  retried: boolean;
}

/** The service's answer headers as name/value pairs, less hop-by-hop ones and those decided here. */
function answerHeaders(answer: Record<string, string | string[] | undefined>, personal: boolean): string[] {
  const out: string[] = [];
  for (const name in answer) {
    if (ANSWER_HOP_BY_HOP.has(name) || name === 'content-length' || name === 'vary') continue;
    if (name === 'cache-control' && personal) continue;
    const value = answer[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) out.push(name, one);
    else out.push(name, value);
  }
  return out;
}

/** Adds the Vary and Content-Encoding of an answer (compressed or not) to its headers. */
function withEncoding(
  headers: string[],
  vary: string | string[] | undefined,
  encoding: Encoding | undefined,
): string[] {
  if (encoding) headers.push('vary', varyWithEncoding(vary), 'content-encoding', encoding);
  else if (Array.isArray(vary)) for (const one of vary) headers.push('vary', one);
  else if (vary !== undefined) headers.push('vary', vary);
  return headers;
}

/** One request's dispatch: what a retry sends again. */
interface DispatchArgs {
  target: PathForwarding;
  x: Exchange;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.DispatchOptions['body'];
  attempts: Attempts;
  copy?: Copy;
}

/**
 * A transport failure before the answer began (rules §39): a refused connection (nothing was
 * sent) goes to the next replica, whatever the method; a read (GET/HEAD without a body) whose
 * kept-alive connection was reset or closed under it is sent once more. True when it was sent again.
 */
function tryAgain(error: Error, replica: Replica, a: DispatchArgs): boolean {
  const { target, x, headers, body, attempts, copy } = a;
  const upstream = target.upstream!;
  if (isRefused(error)) {
    upstream.refused(replica);
    attempts.tried.add(replica);
    if (attempts.tried.size < upstream.replicas.length) {
      dispatch(target, x, headers, body, attempts, copy);
      return true;
    }
  } else if (!attempts.retried && body === null && IDEMPOTENT.has(x.method) && isResetConnection(error)) {
    attempts.retried = true;
    dispatch(target, x, headers, body, attempts, copy);
    return true;
  }
  return false;
}

/** Starts streaming an answer to the client (compressed here when worth it): what the bytes are written to. */
function startStream(
  x: Exchange,
  controller: Dispatcher.DispatchController,
  statusCode: number,
  own: string[],
  encoding: Encoding | undefined,
): Writable {
  x.writeHead(statusCode, own);
  const res = x.res;
  let out: Writable;
  if (encoding) {
    const zip = compressStream(encoding);
    zip.pipe(res);
    out = zip;
  } else out = res;
  out.on('drain', () => controller.resume());
  // A client gone mid-answer stops the transfer from the service too.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return out;
}

/** A collected (short) answer. */
type Collected = { status: number; headers: string[]; vary: string | string[] | undefined; chunks: Buffer[] };
/** A streamed answer's bytes as they pass, to keep as the new copy. */
type Keeping = { etag: string; headers: string[]; length: number; chunks: Buffer[] };

/** Sent as the service sent it, with a validator: the next request may get these bytes (else undefined). */
function keepingFor(
  copy: Copy | undefined,
  statusCode: number,
  encoding: Encoding | undefined,
  etag: string | string[] | undefined,
  own: string[],
  length: number,
): Keeping | undefined {
  if (copy && statusCode === 200 && !encoding && typeof etag === 'string' && copy.copies.fits(length))
    return { etag, headers: own, length, chunks: [] };
  return undefined;
}

/** Keeps the streamed answer as the new copy, when every announced byte came. */
function keepCopy(
  copy: Copy,
  keeping: { etag: string; headers: string[]; length: number; chunks: Buffer[] },
) {
  const bytes = Buffer.concat(keeping.chunks);
  if (bytes.length === keeping.length)
    copy.copies.keep(copy.key, { etag: keeping.etag, headers: keeping.headers, body: bytes });
}

/**
 * Sends the request to a replica of the service and the answer to the client. A short answer
 * (the usual JSON) is collected and sent at once; a long or unannounced one streams through as
 * it comes, bytes untouched unless compressed here (a precompressed answer keeps its
 * Content-Encoding). Transport failures before the answer began (rules §39): a refused
 * connection (nothing was sent) goes to the next replica, whatever the method; a read
 * (GET/HEAD without a body) whose kept-alive connection was reset or closed under it is sent
 * once more; anything else becomes the one error shape, logged at most once a second per replica.
 */
function dispatch(
  target: PathForwarding,
  x: Exchange,
  headers: Record<string, string | string[] | undefined>,
  body: Dispatcher.DispatchOptions['body'],
  attempts: Attempts,
  copy?: Copy,
): void {
  const upstream = target.upstream!;
  const replica = upstream.pick(attempts.tried) ?? upstream.pick();
  if (!replica) {
    x.fail(new UnavailableError(undefined, { service: target.service }));
    return;
  }
  let collected: Collected | undefined;
  let encoding: Encoding | undefined;
  let out: Writable | undefined;
  let started = false;
  /** The 304's headers when the kept copy is the answer. */
  let current: string[] | undefined;
  /** The answer's bytes as they pass, to keep as the new copy. */
  let keeping: Keeping | undefined;
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart() {},
    onResponseStart(controller, statusCode, answer) {
      started = true;
      const own = answerHeaders(answer, x.personal);
      if (copy?.kept && statusCode === 304) {
        current = own;
        return;
      }
      if (copy?.kept) copy.copies.drop(copy.key);
      encoding = encodingFor(x.headers, statusCode, answer);
      const length = Number(answer['content-length'] ?? Number.NaN);
      if (length <= BUFFERED_ANSWER_MAX) {
        collected = { status: statusCode, headers: own, vary: answer.vary, chunks: [] };
        return;
      }
      withEncoding(own, answer.vary, encoding);
      if (!encoding && answer['content-length'] !== undefined) own.push('content-length', String(length));
      keeping = keepingFor(copy, statusCode, encoding, answer.etag, own, length);
      out = startStream(x, controller, statusCode, own, encoding);
    },
    onResponseData(controller, chunk) {
      if (current) return;
      keeping?.chunks.push(chunk);
      if (collected) collected.chunks.push(chunk);
      else if (out && !out.write(chunk)) controller.pause();
    },
    onResponseEnd() {
      if (current && copy?.kept) {
        x.send(200, refreshedHeaders(copy.kept.headers, current), copy.kept.body);
        return;
      }
      if (keeping) keepCopy(copy!, keeping);
      if (collected) sendCollected(x, collected, encoding);
      else if (out) {
        out.end();
        x.finished();
      }
    },
    onResponseError(_controller, error) {
      if (out) {
        out.destroy(error);
        x.res.destroy(error);
        return;
      }
      if (x.res.headersSent) return;
      if (!started && tryAgain(error, replica, { target, x, headers, body, attempts, copy })) return;
      const own = ownRefusal(error);
      if (own) {
        x.fail(own);
        return;
      }
      target.failures.report(target.service, replica.url, error, x.id);
      x.fail(alreadyLogged(upstreamFailure(error, target.service)));
    },
  };
  replica.pool.dispatch({ path: x.url, method: x.method, headers, body }, handler);
}

/**
 * A collected answer in one write, with the length it has once here (compressed when worth it).
 * As Fastify sends a buffer: no type or length on a 204, a body without a type is an octet stream.
 */
function sendCollected(x: Exchange, answer: Collected, encoding: Encoding | undefined): void {
  let body = answer.chunks.length === 1 ? answer.chunks[0]! : Buffer.concat(answer.chunks);
  const compress = encoding !== undefined && worthCompressing(body.length) ? encoding : undefined;
  if (compress) body = compressSync(body, compress);
  const headers = withEncoding(answer.headers, answer.vary, compress);
  if (answer.status === 204 || answer.status < 200) {
    x.send(answer.status, withoutContentType(headers), '');
    return;
  }
  if (!hasHeader(headers, 'content-type')) headers.push('content-type', 'application/octet-stream');
  headers.push('content-length', String(body.length));
  x.send(answer.status, headers, body);
}

const hasHeader = (headers: readonly string[], name: string): boolean => {
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === name) return true;
  return false;
};

function withoutContentType(headers: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] !== 'content-type') out.push(headers[i]!, headers[i + 1]!);
  }
  return out;
}
