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
  serviceNames.map((service) => [
    upstreamVariable(service),
    upstreamList
      .optional()
      .describe(
        "the service's base URL, or the URLs of its replicas separated by commas (taken in turn; rules §39); unset, `http://UPSTREAM_HOST:<port>` with its port from `system.ts`",
      ),
  ]),
) as Record<UpstreamVariable, z.ZodOptional<typeof upstreamList>>;

/** A number of requests per IP in one rate-limit window. */
const perWindow = (def: number) => z.coerce.number().int().min(1).default(def);

/**
 * The gateway's variables. Defaults fit the embedded mode: every service on loopback at its
 * port from system.ts. Rate limits count requests per client IP in RATE_LIMIT_WINDOW_MS.
 */
export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: env.port(3000).describe('the public port: pages and the route table, never the probes'),
  INTERNAL_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .optional()
    .describe(
      'port of `/healthz`, `/readyz` and `/metrics`, for probes and Prometheus only (the public port answers them 404); unset, `PORT` + 1000 (4000), or a free one when `PORT` is 0',
    ),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .optional()
    .describe(
      'folder of a prebuilt web client (`client/` and `server/` as `vite build` writes them): the gateway only loads it and never builds (the image sets it); unset, the gateway builds `web/dist` at start when it is missing or older than `web/src`',
    ),
  PUBLIC_URL: env
    .publicUrl()
    .describe(
      'origin browsers use; state-changing requests must come from it, and its host is the only `Host` header the gateway believes',
    ),
  BOT_INVITE_URL: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      env
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) address')
        .optional(),
    )
    .describe(
      "where home's 'add the card bot' link points (a Discord server invite where the bot lives, or the bot's authorize address); unset, home names the bot command without a link",
    ),
  UPSTREAM_HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'host of every service whose own `UPSTREAM_<SERVICE>_URL` is not set; the port comes from `system.ts`',
    ),
  ...upstreamOverrides,
  UPSTREAM_HEALTH_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(500)
    .describe(
      "with several URLs for a service: how often each replica's `/readyz` is asked; a replica not ready (draining, starting) gets no new requests. `0`: never ask (a refused connection still moves on to the next replica)",
    ),
  SERVICE_MAP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(2000)
    .describe(
      "the admin service map: how long each service's `/readyz` and `/metrics` may take before that address counts as down",
    ),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(800)
    .describe('an upstream that does not accept the connection in this time is unavailable (503)'),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30_000)
    .describe('an upstream that accepted but has not answered in this time times out (504)'),
  COOKIE_SECURE: env
    .bool(false)
    .describe("`true` behind HTTPS: the session cookie is `__Host-sid` (else `sid`); must match auth's"),
  SESSION_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe('how long a resolved session is reused without asking auth'),
  SESSION_STALE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(600_000)
    .describe(
      'how long a session auth confirmed stays valid while auth cannot be asked (rules §48); 0: signed-in requests answer 503 during an auth outage',
    ),
  I18N_REVALIDATE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe(
      "how often server rendering revalidates a language's live translations with the admin service (`GET /api/i18n/{lang}` with If-None-Match)",
    ),
  I18N_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(300)
    .describe(
      'how long a page waits for them before rendering with the last known copy or the bundled texts',
    ),
  PAGE_LOOKUP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3000)
    .describe(
      'how long a page whose address names an anime or a collector waits for the owning service to say whether it exists (an unknown one is a 404 page); past it the page is served as usual',
    ),
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).default(10_000).describe('resolved sessions kept'),
  SESSION_RESOLVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(750)
    .describe('timeout of `auth.session.resolve`'),
  TRUST_PROXY: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'proxies in front of the gateway whose `X-Forwarded-For`/`-Proto` are believed: 0 trusts none (the socket address is the client), N takes the address N hops back',
    ),
  RATE_LIMIT_ENABLED: env.bool(true).describe('per-client-IP rate limits'),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60_000)
    .describe('window of every rate limit below'),
  RATE_LIMIT_MAX: perWindow(1200).describe('requests per window, any path'),
  RATE_LIMIT_SIGN_IN_MAX: perWindow(20).describe('sign-in requests per window'),
  RATE_LIMIT_LIKES_MAX: perWindow(60).describe('like requests per window'),
  RATE_LIMIT_TRADES_MAX: perWindow(30).describe('trade requests per window'),
  RATE_LIMIT_DROPS_MAX: perWindow(300).describe(
    'bot interactions per window (Discord calls from few addresses: a safety valve, not the drop cooldown)',
  ),
  RATE_LIMIT_IMAGE_PROXY_MAX: perWindow(600).describe('image-proxy requests per window'),
  RATE_LIMIT_SESSIONS_MAX: perWindow(20).describe(
    'language changes (`POST /change-language/{lang}`, each of which may create an anonymous session) per window',
  ),
  LIVE_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(25_000)
    .describe(
      'the live event stream (`GET /api/events`, rules §35): heartbeat comment and session re-check interval',
    ),
  LIVE_RETRY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(3000)
    .describe('how long a browser waits before reconnecting a dropped stream (SSE `retry:`)'),
  LIVE_REPLAY_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe('live events kept for replay to a reconnecting browser (`Last-Event-ID`)'),
  LIVE_REPLAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000)
    .describe('...and for at most this long'),
  LIVE_MAX_STREAMS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .default(8)
    .describe("open streams (tabs) per user; one more closes that user's oldest"),
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
