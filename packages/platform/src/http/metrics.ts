import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

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
