import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INTERNAL_HEADER_PREFIX,
  REQUEST_ID_HEADER,
  routes,
  type ServiceName,
  serviceNames,
  sessionResolve,
} from '@acg/contracts';
import {
  type Bus,
  type Cache,
  connectCache,
  createHttpServer,
  createLogger,
  createMemoryBus,
  type HttpServer,
  loadConfig,
  type RunningService,
  type Subscription,
} from '@acg/platform';
import type { PageRequest, Renderer } from '@acg/web';
import { type GatewayConfig, gatewayConfigSchema, upstreamVariable } from '../config';
import type { ResolvedSession } from '../identity/session-resolver';
import { type GatewayDeps, start } from '../start';

/**
 * A gateway on a free loopback port in front of real upstream services (the platform's HTTP
 * server, with its own identity verification and access checks) that echo what reached them,
 * and an in-process bus whose auth side answers session look-ups from a table the test edits.
 */
export const INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';
const silent = createLogger('gateway-test', 'silent');

/** What an echo upstream answers: who served the request and what it was given. */
export interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  identity: { userId: number | null; adminLevel: number; language: string };
  requestId: string | undefined;
  internalHeaders: string[];
  cookie: string | null;
  forwardedFor: string | null;
  forwardedHost: string | null;
  /** Bytes of the body that reached the service. */
  bodyBytes: number;
}

export interface EchoUpstream {
  service: ServiceName;
  url: string;
  app: HttpServer;
  /** Requests that reached it. */
  hits: Echo[];
  close(): Promise<void>;
}

/** A service answering every route-table route it owns with an Echo (200). */
export async function startEchoUpstream(service: ServiceName): Promise<EchoUpstream> {
  const app = createHttpServer({ name: service, logger: silent, internalSecret: INTERNAL_SECRET });
  const hits: Echo[] = [];
  // Take any body as bytes (an empty JSON body included), so the echo can answer any call.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  for (const route of routes.filter((r) => r.service === service)) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req) => {
        const echo: Echo = {
          service,
          method: req.method,
          url: req.url,
          identity: req.identity,
          requestId: req.headers[REQUEST_ID_HEADER] as string | undefined,
          internalHeaders: Object.keys(req.headers).filter((h) => h.startsWith(INTERNAL_HEADER_PREFIX)),
          cookie: req.headers.cookie ?? null,
          forwardedFor: (req.headers['x-forwarded-for'] as string | undefined) ?? null,
          forwardedHost: (req.headers['x-forwarded-host'] as string | undefined) ?? null,
          bodyBytes: Buffer.isBuffer(req.body) ? req.body.length : 0,
        };
        hits.push(echo);
        return echo;
      },
    });
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { service, url, app, hits, close: () => app.close() };
}

/** Renders a recognisable page and remembers what it was asked. */
export function createStubRenderer(assetsDir: string): Renderer & { calls: PageRequest[] } {
  const calls: PageRequest[] = [];
  return {
    assetsDir,
    calls,
    async render(request) {
      calls.push(request);
      const who = request.user ? `${request.user.username} (${request.user.adminLevel})` : 'guest';
      return {
        status: 200,
        html: `<!doctype html><html><body><p>page ${request.url} for ${who}</p></body></html>`,
      };
    },
  };
}

export interface Harness {
  gateway: RunningService;
  url: string;
  upstreams: Map<ServiceName, EchoUpstream>;
  renderer: ReturnType<typeof createStubRenderer>;
  /** Session id -> session; edit it to sign visitors in and out. */
  sessions: Map<string, ResolvedSession>;
  /** How many session look-ups reached auth. */
  sessionLookups(): number;
  /** Stops (or restarts) auth's session look-up on the bus. */
  setAuthServing(serving: boolean): void;
  /** fetch against the gateway. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Echo upstreams to start (default: every built one the gateway forwards to). */
  upstreams?: readonly ServiceName[];
  /** Services the gateway forwards to (default: system.ts). */
  services?: readonly ServiceName[];
  env?: Record<string, string>;
  /**
   * The gateway's cache (left open at close; replicas are gateways given one store). Default:
   * one of its own, Redis under a prefix of this harness when REDIS_URL is in `env`, else memory.
   */
  cache?: Cache;
  /** The bus (left open at close): default an in-process one of the harness's own. */
  bus?: Bus;
  /** Answer session look-ups on the bus (default true); a second gateway on one bus leaves it to the first. */
  serveSessions?: boolean;
  /** Arranges the gateway's policy list (GatewayDeps.arrangePolicies): a test inserts probes. */
  arrangePolicies?: GatewayDeps['arrangePolicies'];
}

export const sessionCookie = (sessionId: string) => `sid=${sessionId}`;

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const upstreams = new Map<ServiceName, EchoUpstream>();
  for (const service of opts.upstreams ?? ['auth', 'catalogue']) {
    upstreams.set(service, await startEchoUpstream(service));
  }
  const assetsDir = await mkdtemp(join(tmpdir(), 'gateway-assets-'));
  await writeFile(join(assetsDir, 'entry-Ab12Cd.js'), 'console.log("app");\n');
  const renderer = createStubRenderer(assetsDir);

  const sessions = new Map<string, ResolvedSession>();
  let lookups = 0;
  const bus = opts.bus ?? createMemoryBus({ logger: silent });
  const serveSessions = (): Subscription =>
    bus.serve(sessionResolve, async ({ sessionId }) => {
      lookups++;
      return { session: sessions.get(sessionId) ?? null };
    });
  let authSubscription: Subscription | undefined = opts.serveSessions === false ? undefined : serveSessions();

  // Every service gets an address; those without an echo upstream point at a closed port.
  const upstreamEnv = Object.fromEntries(
    serviceNames.map((s) => [upstreamVariable(s), upstreams.get(s)?.url ?? 'http://127.0.0.1:9']),
  );
  const config: GatewayConfig = loadConfig(gatewayConfigSchema, {
    INTERNAL_SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...upstreamEnv,
    ...opts.env,
  });
  const cache =
    opts.cache ??
    (await connectCache({
      redisUrl: config.REDIS_URL,
      prefix: `acgtest-gw-${randomBytes(6).toString('hex')}`,
    }));
  const gateway = await start({
    config,
    logger: silent,
    bus,
    cache,
    renderer,
    ...(opts.services ? { services: opts.services } : {}),
    ...(opts.arrangePolicies ? { arrangePolicies: opts.arrangePolicies } : {}),
  });

  return {
    gateway,
    url: gateway.url,
    upstreams,
    renderer,
    sessions,
    sessionLookups: () => lookups,
    setAuthServing(serving) {
      if (serving && !authSubscription) authSubscription = serveSessions();
      if (!serving && authSubscription) {
        void authSubscription.stop();
        authSubscription = undefined;
      }
    },
    request: (path, init) => fetch(`${gateway.url}${path}`, { redirect: 'manual', ...init }),
    async close() {
      await gateway.close();
      for (const upstream of upstreams.values()) await upstream.close();
      if (opts.bus) await authSubscription?.stop();
      else await bus.drain();
      if (!opts.cache) {
        await cache.clear({ resetStats: true });
        await cache.close();
      }
      await rm(assetsDir, { recursive: true, force: true });
    },
  };
}

/** A session as auth resolves it. */
export const session = (userId: number, adminLevel = 0, language: 'en' | 'ru' = 'en'): ResolvedSession => ({
  userId,
  adminLevel,
  username: `user${userId}`,
  language,
});

/** Headers of a same-origin JSON call from the web client. */
export const sameOriginJson = (extra: Record<string, string> = {}): Record<string, string> => ({
  origin: 'http://localhost:3000',
  'content-type': 'application/json',
  accept: 'application/json',
  ...extra,
});

/** The host of the harness gateway's PUBLIC_URL (http://localhost:3000). */
export const PUBLIC_HOST = 'localhost:3000';

export interface RawResponse {
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * A request to `baseUrl` with a Host header of the test's choosing (fetch does not let a caller
 * set Host): the harness gateway listens on 127.0.0.1, while its PUBLIC_URL is localhost:3000.
 */
export function requestWithHost(
  baseUrl: string,
  path: string,
  host: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: opts.method ?? 'GET', headers: { ...opts.headers, host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
