import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Records one answered request: its method, route pattern (or 'unmatched'), status and duration. */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/** Prometheus metrics (served at /metrics by the server): process metrics and an HTTP duration histogram. */
export function installMetrics(
  app: FastifyInstance,
  service: string,
  /** Observe every request Fastify answers (false: the caller observes them, with `observe`). */
  hook = true,
): { registry: Registry; observe: RequestObserver } {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const observe: RequestObserver = (method, route, status, seconds) =>
    duration.observe({ method, route, status_code: status }, seconds);
  if (hook)
    app.addHook('onResponse', (req, reply, done) => {
      observe(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  return { registry, observe };
}

/** One value of a gauge read at scrape time, with its labels. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

/**
 * A gauge whose values are read when Prometheus scrapes (rows in a table, the age of the oldest
 * pending event). A read that fails (the database lost) or takes longer than `timeoutMs` leaves
 * the gauge out of that scrape: /metrics still answers, and an alert on the gauge's absence or on
 * `up` tells the rest. Several readings may carry different labels.
 */
export function readGauge(opts: {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read: () => Promise<readonly GaugeReading[]>;
  timeoutMs?: number;
}): Gauge {
  const timeoutMs = opts.timeoutMs ?? 2000;
  return new Gauge({
    name: opts.name,
    help: opts.help,
    labelNames: opts.labelNames ?? [],
    registers: [],
    async collect() {
      this.reset();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      const readings = await Promise.race([opts.read().catch(() => undefined), late]);
      clearTimeout(timer);
      for (const { labels, value } of readings ?? []) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}

/** A counter kept by a service, added to its server's registry with `registerMetrics`. */
export const serviceCounter = <L extends string>(opts: {
  name: string;
  help: string;
  labelNames: readonly L[];
}): Counter<L> => new Counter({ ...opts, registers: [] });

/** Adds metrics to the registry a server's /metrics serves (its default label: the service). */
export function registerMetrics(registry: Registry, ...metrics: Array<Counter | Gauge | Histogram>): void {
  for (const metric of metrics) {
    // Already there (a module-wide counter of a service started twice in one process): kept once.
    if (!registry.getSingleMetric((metric as unknown as { name: string }).name))
      registry.registerMetric(metric);
  }
}
