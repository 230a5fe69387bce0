import type { CacheNamespace, Logger } from '@acg/platform';
import { normalizeIP } from '@fastify/rate-limit';
import { type ClientRequest, clientIp } from '../client';
import type { GatewayConfig } from '../config';
import { cacheRateLimitStore } from './rate-limit-store';

/** The gateway cache's namespace holding the counters. */
export const RATE_LIMITS_NAMESPACE = 'rate-limits';

type LimitClass = 'global' | 'signIn' | 'likes' | 'trades' | 'drops' | 'imageProxy' | 'sessions';

/** Routes with their own, tighter budget (architecture §10); keys are `METHOD path`. */
export const CLASS_OF_ROUTE: Record<string, LimitClass> = {
  'GET /auth/discord': 'signIn',
  'GET /auth/discord/callback': 'signIn',
  // Each one can mint an anonymous session.
  'POST /change-language/:lang': 'sessions',
  'POST /api/cards/:cardId/like': 'likes',
  'POST /trade/api': 'trades',
  'POST /trade/api/:id/:action': 'trades',
  'POST /interactions': 'drops',
  'GET /api/proxy-image': 'imageProxy',
  'GET /api/proxy/shikimori/*': 'imageProxy',
  'GET /api/proxy/discord/*': 'imageProxy',
  'GET /api/test-image': 'imageProxy',
};

/** Hashed assets and probes are not worth counting. */
const UNLIMITED = new Set(['/assets/*', '/healthz', '/readyz', '/metrics']);

function classOf(method: string, route: string | undefined): LimitClass | undefined {
  if (route && UNLIMITED.has(route)) return undefined;
  return CLASS_OF_ROUTE[`${method === 'HEAD' ? 'GET' : method} ${route}`] ?? 'global';
}

/** Where a request stands against its class's budget: the X-RateLimit-* headers and the verdict. */
export interface LimitState {
  max: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/**
 * Per-IP request budgets: one for everything, and separate tighter ones for sign-in, likes,
 * trades, drops and the image proxy (a request counts against its own class only). Counters
 * live in `counters`, a namespace of the gateway's cache: Redis when REDIS_URL is set, so every
 * gateway replica shares them; if it cannot count, requests pass rather than fail.
 *
 * The check counts one request of `method` on `route` (its pattern) and answers where it
 * stands, at once when the store decides locally (rules §43), else once the shared counter
 * answered; undefined for requests that are not counted.
 */
export function createRateLimiter(config: GatewayConfig, logger: Logger, counters: CacheNamespace) {
  const store = cacheRateLimitStore(counters, logger);
  const windowMs = Math.trunc(config.RATE_LIMIT_WINDOW_MS);
  const budgets: Record<LimitClass, number> = {
    global: config.RATE_LIMIT_MAX,
    signIn: config.RATE_LIMIT_SIGN_IN_MAX,
    likes: config.RATE_LIMIT_LIKES_MAX,
    trades: config.RATE_LIMIT_TRADES_MAX,
    drops: config.RATE_LIMIT_DROPS_MAX,
    imageProxy: config.RATE_LIMIT_IMAGE_PROXY_MAX,
    sessions: config.RATE_LIMIT_SESSIONS_MAX,
  };
  return (
    req: ClientRequest,
    method: string,
    route: string | undefined,
  ): LimitState | Promise<LimitState> | undefined => {
    const limitClass = classOf(method, route);
    if (!limitClass) return undefined;
    const max = budgets[limitClass];
    // The class is part of the key: every class counts in the one store.
    const key = `${limitClass}:${normalizeIP(clientIp(req, config.TRUST_PROXY))}`;
    let state: LimitState | undefined;
    let settle: ((state: LimitState) => void) | undefined;
    store.count(
      key,
      (error, counted) => {
        // A store that cannot count lets the request pass (its headers then say so: nothing counted).
        const current = error || !counted ? 0 : counted.current;
        const ttl = error || !counted ? 0 : counted.ttl;
        state = {
          max,
          remaining: Math.max(0, max - current),
          resetSeconds: Math.ceil(ttl / 1000),
          exceeded: current > max,
        };
        settle?.(state);
      },
      windowMs,
      max,
    );
    return state ?? new Promise<LimitState>((resolve) => (settle = resolve));
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
