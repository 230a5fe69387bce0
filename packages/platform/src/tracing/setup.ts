import { context, propagation, type Tracer, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * Tracing (rules §71): off unless OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set.
 * Off, no SDK, context manager or propagator is installed: the API stays the no-op it is and
 * every tracing branch of the kit is one boolean test. On, one tracer provider per service name
 * (a process of its own has one; the embedded runner's one process has one per service), each
 * with its `service.name` resource, a batch processor and an OTLP/HTTP (JSON) exporter; one
 * AsyncLocalStorage context manager and the W3C trace-context propagator for the process.
 */
export interface TracingSettings {
  /** The OTLP/HTTP traces URL (`<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`). */
  url: string;
  sampler: Sampler;
  /** Batch delay (OTEL_BSP_SCHEDULE_DELAY, default 5000 ms). */
  scheduledDelayMillis: number;
  /** A test's exporter instead of OTLP/HTTP. */
  exporter?: () => SpanExporter;
}

type Env = Record<string, string | undefined>;

let settings: TracingSettings | undefined;
const providers = new Map<string, TracerProvider>();
const tracers = new Map<string, Tracer>();

/** Whether tracing runs in this process (decided once, by startTracing). */
export const tracingOn = (): boolean => settings !== undefined;

/** The sampler the standard variables name (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG). */
export function samplerFrom(env: Env): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** The traces URL the standard variables give, or undefined (tracing off). */
export function tracesUrlFrom(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Starts tracing for this process when the environment asks for it; true when it runs. Called
 * first thing by every runner (runService, the embedded runner); later calls keep the first
 * decision.
 */
export function startTracing(env: Env = process.env, overrides: Partial<TracingSettings> = {}): boolean {
  if (settings) return true;
  const url = overrides.url ?? tracesUrlFrom(env);
  if (!url) return false;
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY ?? '');
  settings = {
    url,
    sampler: overrides.sampler ?? samplerFrom(env),
    scheduledDelayMillis: overrides.scheduledDelayMillis ?? (delay > 0 ? delay : 5000),
    exporter: overrides.exporter,
  };
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return true;
}

/** The tracer of a service (its provider made on first use); the API's no-op one while off. */
export function tracerOf(service: string): Tracer {
  const known = tracers.get(service);
  if (known) return known;
  if (!settings) return trace.getTracer(service);
  const s = settings;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }),
    sampler: s.sampler,
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: s.exporter?.() ?? new OTLPTraceExporter({ url: s.url }),
        scheduledDelayMillis: s.scheduledDelayMillis,
      }),
    ],
  });
  providers.set(service, provider);
  const tracer = provider.getTracer('@acg/platform');
  tracers.set(service, tracer);
  return tracer;
}

/** Sends every finished span now (tests; a process before it exits). */
export async function flushTracing(): Promise<void> {
  await Promise.all([...providers.values()].map((p) => p.forceFlush().catch(() => undefined)));
}

/** Flushes and stops every provider; tracing is off afterwards (a stopped process, a test's end). */
export async function stopTracing(): Promise<void> {
  const all = [...providers.values()];
  providers.clear();
  tracers.clear();
  if (!settings) return;
  settings = undefined;
  // A collector that does not answer holds a stopping process 2 s at most; its spans are lost.
  const shutdown = Promise.all(all.map((p) => p.shutdown().catch(() => undefined)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([shutdown, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
  clearTimeout(timer);
  context.disable();
  propagation.disable();
}
