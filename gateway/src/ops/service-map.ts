import {
  type RouteSpec,
  routes,
  type ServiceMap,
  type ServiceMapProcess,
  serviceMapSchema,
} from '@acg/contracts';
import type { RouteRegistration } from '@acg/platform';
import type { FastifyInstance } from 'fastify';
import { enforceAccess } from '../identity/access';
import type { VisitorLookup } from '../identity/visitor';
import { type Snapshot, snapshotOf, windowFigures } from './figures';
import { parseMetricsText, type Sample } from './metrics-text';

export const SERVICE_MAP_PATH = '/api/admin/service-map';
/**
 * The window of the rates: the last WINDOW_MS (as the dashboards' `rate(...[5m])`), from the newest
 * reading at least that old; until there is one, from the oldest reading at least MIN_WINDOW_MS
 * old (a window growing from the first look); before that, since the process started.
 */
const WINDOW_MS = 5 * 60_000;
const MIN_WINDOW_MS = 5000;
/** Readings kept per process at most (an admin's page reads every 10 s: 30 in a window). */
const KEEP = 200;

/** One address of a process as read: whether it answered ready, and its samples (null: unread). */
export interface ReplicaReading {
  ready: boolean;
  samples: Sample[] | null;
}

/** How the gateway reads a process: its own registry, or the service's addresses over HTTP. */
export interface ProcessSource {
  name: string;
  read(): Promise<ReplicaReading[]>;
}

const withTimeout = (ms: number) => AbortSignal.timeout(ms);

/** A service's replicas, each asked for /readyz and /metrics. */
export function httpProcess(name: string, urls: readonly string[], timeoutMs: number): ProcessSource {
  const readOne = async (base: string): Promise<ReplicaReading> => {
    const [ready, metrics] = await Promise.all([
      fetch(`${base}/readyz`, { signal: withTimeout(timeoutMs) }).then(
        (r) => r.ok,
        () => false,
      ),
      fetch(`${base}/metrics`, { signal: withTimeout(timeoutMs) }).then(
        async (r) => (r.ok ? parseMetricsText(await r.text()) : null),
        () => null,
      ),
    ]);
    return { ready, samples: metrics };
  };
  return { name, read: () => Promise.all(urls.map(readOne)) };
}

/**
 * The service map's reader: every process read side by side, each reading kept for the rates of
 * the next ones (per gateway replica; the page says over what window its figures are).
 */
export function createServiceMap(sources: readonly ProcessSource[], clock: () => number = Date.now) {
  const history = new Map<string, Snapshot[]>();
  const baseFor = (name: string, at: number): Snapshot | null => {
    const all = history.get(name) ?? [];
    const windowBase = all.findLast((s) => at - s.at >= WINDOW_MS);
    // Kept: the readings of the window, and the newest one before it (the base of the next reads).
    history.set(
      name,
      all.filter((s) => s === windowBase || at - s.at < WINDOW_MS),
    );
    return windowBase ?? all.find((s) => at - s.at >= MIN_WINDOW_MS) ?? null;
  };
  const remember = (name: string, snapshot: Snapshot) => {
    const kept = history.get(name) ?? [];
    kept.push(snapshot);
    if (kept.length > KEEP) kept.shift();
    history.set(name, kept);
  };
  const readProcess = async (source: ProcessSource): Promise<ServiceMapProcess> => {
    const replicas = await source.read();
    const at = clock();
    const answered = replicas.flatMap((r) => (r.samples ? [r.samples] : []));
    const readyReplicas = replicas.filter((r) => r.ready).length;
    const health =
      readyReplicas === replicas.length && replicas.length > 0
        ? 'ready'
        : readyReplicas > 0
          ? 'degraded'
          : 'down';
    const none = {
      windowSeconds: null,
      requestsPerSecond: null,
      errorRatio: null,
      latencyP95Ms: null,
      busLagSeconds: null,
      deadLetters: null,
      outboxPending: null,
      outboxAgeSeconds: null,
    };
    const head = { name: source.name, health, replicas: replicas.length, readyReplicas } as const;
    if (answered.length === 0) return { ...head, ...none };
    const now = snapshotOf(answered, at);
    const base = baseFor(source.name, at);
    remember(source.name, now);
    const { deadLetters, outboxPending, outboxAgeSeconds } = now;
    return { ...head, ...windowFigures(now, base), deadLetters, outboxPending, outboxAgeSeconds };
  };
  return {
    async read(): Promise<ServiceMap> {
      const processes = await Promise.all(sources.map(readProcess));
      return { readAt: new Date(clock()).toISOString(), processes };
    },
  };
}

/** How the route is documented in the OpenAPI document (the gateway registers it itself). */
export const SERVICE_MAP_DOCS: RouteRegistration = {
  method: 'GET',
  url: SERVICE_MAP_PATH,
  schema: { response: { 200: serviceMapSchema } },
};

/** GET /api/admin/service-map for administrators (the route table says who). */
export function registerServiceMap(
  app: FastifyInstance,
  opts: { visitors: VisitorLookup; map: ReturnType<typeof createServiceMap> },
): void {
  const route = routes.find((r) => r.method === 'GET' && r.path === SERVICE_MAP_PATH) as RouteSpec;
  app.get(SERVICE_MAP_PATH, async (req, reply) => {
    enforceAccess(route.access, await opts.visitors(req));
    reply.header('cache-control', 'private, no-store');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(await opts.map.read()));
  });
}
