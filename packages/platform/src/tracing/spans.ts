import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { tracerOf, tracingOn } from './setup';

export type { Context, Span, Tracer };
export { SpanKind };

/** What carries a trace between processes: `traceparent` (and `tracestate`), as W3C names them. */
export type TraceCarrier = Record<string, string>;

/** The active trace as headers to send, or undefined while tracing is off or nothing is traced. */
export function traceCarrier(from: Context = context.active()): TraceCarrier | undefined {
  if (!tracingOn()) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** A span's own context as headers to send (undefined without a span). */
export const spanCarrier = (span: Span | undefined): TraceCarrier | undefined =>
  span ? traceCarrier(trace.setSpan(ROOT_CONTEXT, span)) : undefined;

/** Starts a server span continuing the trace of incoming headers (a request at the gateway's edge). */
export function startServerSpan(
  service: string,
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes?: Attributes,
): { span: Span; ctx: Context } | undefined {
  if (!tracingOn()) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracerOf(service).startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Runs `fn` in a context (as is when there is none). */
export const withContext = <T>(ctx: Context | undefined, fn: () => T): T =>
  ctx ? context.with(ctx, fn) : fn();

/** The active trace's traceparent (for the outbox row), or null. */
export const currentTraceparent = (): string | null => traceCarrier()?.traceparent ?? null;

/** Runs `fn` in the trace a carrier names (a message's headers); as is when there is none or tracing is off. */
export function withCarriedTrace<T>(carrier: TraceCarrier | undefined, fn: () => T): T {
  if (!tracingOn() || !carrier?.traceparent) return fn();
  return context.with(propagation.extract(ROOT_CONTEXT, carrier), fn);
}

/** Records a failure on a span: the exception event and an error status. */
export function failSpan(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

export interface SpanSpec {
  name: string;
  kind?: SpanKind;
  attributes?: Attributes;
  /** Only as a child of a span already active (database and cache calls): no trace of their own. */
  childOnly?: boolean;
  /** The parent (default: the active context). */
  parent?: Context;
}

/**
 * Runs `fn` inside a new span, active for everything it starts, ended when its promise settles
 * (a rejection recorded). While tracing is off it is just `fn()`.
 */
export function inSpan<T>(tracer: Tracer, spec: SpanSpec, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!tracingOn()) return fn();
  const parent = spec.parent ?? context.active();
  if (spec.childOnly && !trace.getSpan(parent)?.isRecording()) return fn();
  const span = tracer.startSpan(spec.name, { kind: spec.kind, attributes: spec.attributes }, parent);
  return context.with(trace.setSpan(parent, span), () =>
    fn(span).then(
      (value) => {
        span.end();
        return value;
      },
      (err: unknown) => {
        failSpan(span, err);
        span.end();
        throw err;
      },
    ),
  );
}

/** inSpan for synchronous work (a live listener): the span ends when `fn` returns or throws. */
export function inSpanSync<T>(tracer: Tracer, spec: SpanSpec, fn: () => T): T {
  if (!tracingOn()) return fn();
  const parent = spec.parent ?? context.active();
  const span = tracer.startSpan(spec.name, { kind: spec.kind, attributes: spec.attributes }, parent);
  try {
    return context.with(trace.setSpan(parent, span), fn);
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** A span's ids for log lines, or undefined outside any (recording or sampled-out) span. */
export function traceIdsOf(span: Span | undefined): { trace_id: string; span_id: string } | undefined {
  if (!span) return undefined;
  const c = span.spanContext();
  return trace.isSpanContextValid(c) ? { trace_id: c.traceId, span_id: c.spanId } : undefined;
}

/** The active span's ids (the logger's mixin). */
export const activeTraceIds = () => (tracingOn() ? traceIdsOf(trace.getSpan(context.active())) : undefined);
