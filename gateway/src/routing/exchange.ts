import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '@acg/contracts';
import { errorAnswer, type Logger, requestIdOf, type Span, traceIdsOf } from '@acg/platform';
import type { SessionEviction } from '../identity/session-eviction';
import { isNavigation } from '../pages/page-responder';
import { refusalPage } from '../pages/unavailable-page';
import type { AnswerHead, PolicyRequest, PolicySteps } from '../policies';

/** What every exchange of one gateway shares: the policy list's steps, drain-free settings, eviction. */
export interface ExchangeSetting {
  /** The gateway's policies by phase (policies.ts): fixed headers, request, answer, finished steps. */
  steps: PolicySteps;
  /** Names of the gateway's headers an answer's own header of the same name replaces (replaceableHeaders). */
  replaceable: ReadonlySet<string>;
  evict: SessionEviction;
  logger: Logger;
  /** One line when each request is answered (unless LOG_REQUESTS=false). */
  logRequests: boolean;
  /**
   * The language of the gateway's own refusals before the visitor is known (docs/rules.md, refusals): the
   * session's when auth answered for it lately, else the browser's; never a look-up.
   */
  languageOf: (x: Exchange) => string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Headers the gateway's policies set before an answer comes, besides the fixed ones; a service's own value wins. */
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
 * One request the API edge answers itself, and the one place its answer is written: the
 * policies' fixed headers, the headers decided before the answer came (request id, rate limits,
 * Allow, personal caching), the answer's own, then those the policies' answer steps add, in one
 * writeHead (no per-header calls). It is what the policies read of a request (method, URL,
 * headers, socket, id) and where they write answer headers, as a Fastify request and reply are
 * on the other path, so the one policy list (policies.ts) serves both.
 */
export class Exchange implements PolicyRequest, AnswerHead {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket: Socket;
  /** Answer headers decided so far (name/value pairs); in writeHead, the whole head. */
  private head: string[] = [];
  /** The route's answer is personal: the gateway's Cache-Control wins over the service's. */
  personal = false;
  private readonly since = performance.now();
  private childLog: Logger | undefined;
  /** The request's server span, when tracing is on (api-edge.ts). */
  span: Span | undefined;
  /** The language of the visitor's session, once the visitor is known (visitorKnown). */
  private visitorLanguage: string | undefined;

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
    const steps = this.setting.steps;
    const head = steps.headers.concat(this.head);
    for (let i = 0; i < answerHeaders.length; i += 2) {
      if (this.setting.replaceable.has(answerHeaders[i]!)) removeHeader(head, answerHeaders[i]!);
    }
    for (let i = 0; i < answerHeaders.length; i++) head.push(answerHeaders[i]!);
    this.head = head;
    for (let i = 0; i < steps.answer.length; i++) steps.answer[i]!(this, status, this);
    this.res.writeHead(status, head);
  }

  /** Adds an answer header (before the head is written). */
  header(name: string, value: string): void {
    this.head.push(name, value);
  }

  hasHeader(name: string): boolean {
    for (let i = 0; i < this.head.length; i += 2) if (this.head[i] === name) return true;
    return false;
  }

  /** A whole answer at once. */
  send(status: number, answerHeaders: readonly string[], body: Buffer | string): void {
    this.writeHead(status, answerHeaders);
    this.res.end(body);
    this.finished();
  }

  /** The visitor is known: refusals from now on are said in their session's language. */
  visitorKnown(visitor: { sessionId: string | undefined; unknown: boolean; identity: { language: string } }) {
    if (visitor.sessionId && !visitor.unknown) this.visitorLanguage = visitor.identity.language;
  }

  /** The language the request's refusals are said in. */
  get language(): string {
    return this.visitorLanguage ?? this.setting.languageOf(this);
  }

  /**
   * The error's answer in the one error shape (rules §1), in the visitor's language, logged as
   * the error handler does; an answer already under way can only be cut.
   */
  fail(error: unknown): void {
    if (this.res.headersSent) {
      this.res.destroy();
      return;
    }
    const language = this.language;
    const { status, body } = errorAnswer(error, this.id, this.log, language);
    // Retry-After on a 503 is the outage-retry-after policy's (policies.ts), on a 429 the limit's.
    // A browser navigation gets a page saying so (a sign-in while auth is down, rules §48; past the
    // sign-in limit, issue 22 item 4).
    if ((status === 503 || status === 429) && isNavigation(this)) {
      const html = refusalPage(status, error, language, this.url);
      if (html !== undefined) {
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
    const finished = this.setting.steps.finished;
    for (let i = 0; i < finished.length; i++) finished[i]!(this, this.route, this.res.statusCode, seconds);
    // Checked first: a silent logger costs no child logger and no line object per request.
    if (this.setting.logRequests && this.setting.logger.isLevelEnabled('info'))
      this.log.info(
        {
          method: this.method,
          // The path alone: a query may hold what logs must not keep (an OAuth code, a search).
          path: this.url.split('?', 1)[0],
          route: this.route ?? 'unmatched',
          statusCode: this.res.statusCode,
          responseTime: Math.round(seconds * 10_000) / 10,
          ...traceIdsOf(this.span),
        },
        'request',
      );
  }
}

function removeHeader(head: string[], name: string): void {
  for (let i = head.length - 2; i >= 0; i -= 2) if (head[i] === name) head.splice(i, 2);
}
