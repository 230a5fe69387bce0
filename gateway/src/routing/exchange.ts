import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '@acg/contracts';
import {
  errorAnswer,
  type Logger,
  RETRY_AFTER_SECONDS,
  type RequestObserver,
  requestIdOf,
} from '@acg/platform';
import type { SessionEviction } from '../identity/session-eviction';
import { isNavigation } from '../pages/page-responder';
import { browserLanguage, unavailablePage } from '../pages/unavailable-page';

/** What every exchange of one gateway shares: fixed headers, metrics, drain state, eviction. */
export interface ExchangeSetting {
  /** The security headers as name/value pairs, computed once (security-headers.ts). */
  fixedHeaders: readonly string[];
  /** Names of the gateway's headers an answer's own header of the same name replaces (replaceableHeaders). */
  replaceable: ReadonlySet<string>;
  observe: RequestObserver;
  isDraining: () => boolean;
  evict: SessionEviction;
  logger: Logger;
  /** LOG_REQUESTS=true: a line when each request comes in and when it is answered. */
  logRequests: boolean;
  /** The visitor's language when known without waiting (for the 503 page). */
  languageOf?: (x: Exchange) => string | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Headers the gateway sets before an answer comes, besides the fixed ones; a service's own value wins. */
const REPLACEABLE = [
  REQUEST_ID_HEADER,
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
];

/** The fixed headers' names and the others the gateway sets before an answer comes. */
export const replaceableHeaders = (fixedHeaders: readonly string[]): ReadonlySet<string> =>
  new Set([...fixedHeaders.filter((_, i) => i % 2 === 0), ...REPLACEABLE]);

/**
 * One request the API edge answers itself, and the one place its answer is written: the fixed
 * security headers, the request id, the headers the policies decided (rate limits, Allow,
 * personal caching), then the answer's own, in one writeHead (no per-header calls). It carries
 * what the policies read of a request (method, URL, headers, socket, id), so the same policy
 * functions serve it and Fastify's requests.
 */
export class Exchange {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket: Socket;
  /** Answer headers decided before the answer came (name/value pairs). */
  readonly decided: string[] = [];
  /** The route's answer is personal: the gateway's Cache-Control wins over the service's. */
  personal = false;
  private readonly since = performance.now();
  private childLog: Logger | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** The route-table pattern matched; undefined for a method no route of the path takes. */
    readonly route: string | undefined,
    readonly params: Record<string, string | undefined>,
    private readonly setting: ExchangeSetting,
  ) {
    this.id = requestIdOf(req);
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = req.headers;
    this.socket = req.socket;
    if (setting.logRequests) this.log.info({ req }, 'incoming request');
  }

  /** The request's logger (its id on every line), made only when something is logged. */
  get log(): Logger {
    this.childLog ??= this.setting.logger.child({ reqId: this.id });
    return this.childLog;
  }

  /**
   * Sends the status line and headers; the answer's body follows on `res`. An answer header
   * replaces a gateway header of the same name, as reply.header did (a service's own
   * X-Request-Id, which echoes the gateway's, or security header).
   */
  writeHead(status: number, answerHeaders: readonly string[]): void {
    if (this.route) {
      this.setting.evict({
        method: this.method,
        headers: this.headers,
        route: this.route,
        params: this.params,
        status,
      });
    }
    const head = [...this.setting.fixedHeaders, REQUEST_ID_HEADER, this.id, ...this.decided];
    for (let i = 0; i < answerHeaders.length; i += 2) {
      if (this.setting.replaceable.has(answerHeaders[i]!)) removeHeader(head, answerHeaders[i]!);
    }
    head.push(...answerHeaders);
    // Draining: every answer closes its connection, so clients reconnect (to another replica).
    if (this.setting.isDraining()) head.push('connection', 'close');
    this.res.writeHead(status, head);
  }

  /** A whole answer at once. */
  send(status: number, answerHeaders: readonly string[], body: Buffer | string): void {
    this.writeHead(status, answerHeaders);
    this.res.end(body);
    this.finished();
  }

  /**
   * The error's answer in the one error shape (rules §1), logged as the error handler does; an
   * answer already under way can only be cut.
   */
  fail(error: unknown): void {
    if (this.res.headersSent) {
      this.res.destroy();
      return;
    }
    const { status, body } = errorAnswer(error, this.id, this.log);
    if (status === 503) {
      this.decided.push('retry-after', RETRY_AFTER_SECONDS);
      // A browser navigation (a sign-in while auth is down) gets a page saying so (rules §48).
      if (isNavigation(this)) {
        const language = this.setting.languageOf?.(this) ?? browserLanguage(this.headers['accept-language']);
        const html = unavailablePage(language, this.url);
        this.send(
          status,
          ['content-type', HTML_TYPE, 'content-length', String(Buffer.byteLength(html))],
          html,
        );
        return;
      }
    }
    const json = JSON.stringify(body);
    this.send(status, ['content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(json))], json);
  }

  /** Runs a step of the answer; what it throws is answered as Fastify answers a handler's error. */
  guard(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.fail(error);
    }
  }

  redirect(location: string): void {
    this.send(302, ['location', location, 'content-length', '0'], '');
  }

  /** The answer has been handed to the connection: the request's duration is recorded. */
  finished(): void {
    const seconds = (performance.now() - this.since) / 1000;
    this.setting.observe(this.method, this.route ?? 'unmatched', this.res.statusCode, seconds);
    if (this.setting.logRequests)
      this.log.info({ res: this.res, responseTime: seconds * 1000 }, 'request completed');
  }
}

function removeHeader(head: string[], name: string): void {
  for (let i = head.length - 2; i >= 0; i -= 2) if (head[i] === name) head.splice(i, 2);
}
