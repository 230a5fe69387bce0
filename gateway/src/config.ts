import { type ServiceName, serviceNames, system } from '@acg/contracts';
import { baseConfigSchema, env } from '@acg/platform';
import { z } from 'zod';

type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S;
type UpstreamVariable = `UPSTREAM_${Uppercase<Snake<ServiceName>>}_URL`;

/** `anime-search` -> `UPSTREAM_ANIME_SEARCH_URL`. */
export const upstreamVariable = (service: ServiceName): UpstreamVariable =>
  `UPSTREAM_${service.toUpperCase().replaceAll('-', '_')}_URL` as UpstreamVariable;

const isUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
/** One URL, or several separated by commas: the replicas of a service (round robin, rules §39). */
const upstreamList = z
  .string()
  .refine((value) => splitUrls(value).length > 0 && splitUrls(value).every(isUrl), {
    message: 'one or more http(s) URLs separated by commas',
  });
const splitUrls = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const upstreamOverrides = Object.fromEntries(
  serviceNames.map((service) => [upstreamVariable(service), upstreamList.optional()]),
) as Record<UpstreamVariable, z.ZodOptional<typeof upstreamList>>;

/** A number of requests per IP in one rate-limit window. */
const perWindow = (def: number) => z.coerce.number().int().min(1).default(def);

/**
 * The gateway's variables. Defaults fit the embedded mode: every service on loopback at its
 * port from system.ts. Rate limits count requests per client IP in RATE_LIMIT_WINDOW_MS.
 */
export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: env.port(3000),
  /**
   * Port of /healthz, /readyz and /metrics, which the public port does not serve. Default: PORT
   * + 1000 (4000), or a free one when PORT is 0. Bind it where only probes and Prometheus reach.
   */
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /**
   * Folder of a prebuilt web client (client/ and server/ as `vite build` writes them). The
   * production image sets it and the gateway then only loads that build; unset (running from
   * the sources), the gateway builds web/dist once when it is missing or older than web/src.
   */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Origin browsers use to reach the site; state-changing requests must come from it. */
  PUBLIC_URL: env.url().default('http://localhost:3000'),
  /** Host of every upstream service unless its UPSTREAM_<SERVICE>_URL says otherwise. */
  UPSTREAM_HOST: z.string().default('127.0.0.1'),
  ...upstreamOverrides,
  /**
   * With several URLs for one service: how often each replica's /readyz is asked, so a replica
   * that is draining or down gets no new requests (0 = never ask; refused connections still move on).
   */
  UPSTREAM_HEALTH_INTERVAL_MS: z.coerce.number().int().min(0).default(500),
  /** An upstream that does not accept the connection within this is unavailable (503). */
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(800),
  /** An upstream that accepted but has not answered within this times out (504). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** Session cookie is `__Host-sid` (HTTPS only) when true, else `sid`. */
  COOKIE_SECURE: env.bool(false),
  /** How long a resolved session is reused without asking auth again. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** How long a session auth confirmed stays valid while auth cannot be asked (rules §46). */
  SESSION_STALE_MS: z.coerce.number().int().min(0).default(600_000),
  /** How often server rendering revalidates a language's live translations with the admin service. */
  I18N_REVALIDATE_MS: z.coerce.number().int().min(0).default(2000),
  /** How long a page waits for them before rendering with the last known or bundled texts. */
  I18N_TIMEOUT_MS: z.coerce.number().int().min(1).default(300),
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).default(10_000),
  SESSION_RESOLVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(750),
  /**
   * Proxies in front of the gateway whose X-Forwarded-For/-Proto are believed: 0 trusts none
   * (the socket address is the client), N takes the address N hops back.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  RATE_LIMIT_ENABLED: env.bool(true),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1).default(60_000),
  RATE_LIMIT_MAX: perWindow(1200),
  RATE_LIMIT_SIGN_IN_MAX: perWindow(20),
  RATE_LIMIT_LIKES_MAX: perWindow(60),
  RATE_LIMIT_TRADES_MAX: perWindow(30),
  /** Discord sends every drop from its own few addresses: this is a safety valve, not a cooldown. */
  RATE_LIMIT_DROPS_MAX: perWindow(300),
  RATE_LIMIT_IMAGE_PROXY_MAX: perWindow(600),
  /** Language changes, each of which may create an anonymous session. */
  RATE_LIMIT_SESSIONS_MAX: perWindow(20),
  /** The live event stream (docs/rules.md §35): heartbeat comment and session re-check interval. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(25_000),
  /** How long a browser waits before reconnecting a dropped stream (SSE `retry:`). */
  LIVE_RETRY_MS: z.coerce.number().int().min(100).default(3000),
  /** Events kept for replay to a reconnecting browser (Last-Event-ID), and for how long. */
  LIVE_REPLAY_MAX: z.coerce.number().int().min(0).default(2000),
  LIVE_REPLAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** Open streams per user (tabs); one more closes that user's oldest. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(8),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/**
 * Base URLs of a service's replicas: its override variable (comma-separated), else UPSTREAM_HOST
 * at its system.ts port.
 */
export function upstreamUrls(config: GatewayConfig, service: ServiceName): string[] {
  const given = config[upstreamVariable(service)];
  return given ? splitUrls(given) : [`http://${config.UPSTREAM_HOST}:${system[service].port}`];
}

/** The first replica's base URL (for the few direct calls that need one address). */
export const upstreamUrl = (config: GatewayConfig, service: ServiceName): string =>
  upstreamUrls(config, service)[0]!;

export const internalPort = (config: Pick<GatewayConfig, 'PORT' | 'INTERNAL_PORT'>): number =>
  config.INTERNAL_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1000);

export const sessionCookieName = (config: Pick<GatewayConfig, 'COOKIE_SECURE'>): string =>
  config.COOKIE_SECURE ? '__Host-sid' : 'sid';
