import { type Context, context, propagation, ROOT_CONTEXT, type Span, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../logger';
import { tracerOf, tracingOn } from '../tracing/setup';
import { failSpan, SpanKind, traceIdsOf } from '../tracing/spans';

/** The probes are polled every few seconds: no trace each, no log line each. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

const traced = new WeakMap<FastifyRequest, { span: Span; ctx: Context }>();

/** The span of a request the server traces (for its log line), if any. */
export const requestSpan = (req: FastifyRequest): Span | undefined => traced.get(req)?.span;

/**
 * A server span per request (rules §71), continuing the caller's W3C `traceparent` (the
 * gateway's, or a client's at the gateway), named after the route pattern; the route's handler
 * runs inside it, so the bus, database and cache calls it makes are its children. Nothing is
 * installed while tracing is off.
 */
export function installRequestTracing(app: FastifyInstance, service: string): void {
  if (!tracingOn()) return;
  const tracer = tracerOf(service);
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    if (route !== undefined && PROBES.has(route)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(`${req.method} ${route ?? 'unmatched'}`, { kind: SpanKind.SERVER }, parent);
    // Attributes only for a span the sampler kept.
    if (span.isRecording())
      span.setAttributes({
        'http.request.method': req.method,
        'url.path': req.url.split('?', 1)[0],
        ...(route ? { 'http.route': route } : {}),
        'acg.request_id': req.id,
      });
    const ctx = trace.setSpan(parent, span);
    traced.set(req, { span, ctx });
    context.with(ctx, done);
  });
  // Body parsing resumes outside the hook's context: the handler is put back into it.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function tracedHandler(this: unknown, req: FastifyRequest, reply: FastifyReply) {
      const t = traced.get(req);
      return t
        ? context.with(t.ctx, () => handler.call(this as never, req, reply))
        : handler.call(this as never, req, reply);
    };
  });
  app.addHook('onError', (req, _reply, err, done) => {
    const span = traced.get(req)?.span;
    if (span) failSpan(span, err);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = traced.get(req)?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) failSpan(span, new Error(`answered ${reply.statusCode}`));
      span.end();
    }
    done();
  });
}

/**
 * One info line per answered request (rules §71): method, path (no query), route, status, duration, the
 * request id and, when traced, the trace and span ids. LOG_REQUESTS=false turns it off.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if ((route === undefined || !PROBES.has(route)) && (req.log as Logger).isLevelEnabled('info'))
      req.log.info(
        {
          method: req.method,
          // The path alone: a query may hold what logs must not keep (an OAuth code, a search).
          path: req.url.split('?', 1)[0],
          route: route ?? 'unmatched',
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
          ...traceIdsOf(requestSpan(req)),
        },
        'request',
      );
    done();
  });
}
