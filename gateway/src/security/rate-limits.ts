import { type CacheNamespace, type Logger, RateLimitError } from '@acg/platform';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp } from '../client';
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

function classOf(req: FastifyRequest): LimitClass | undefined {
  const path = req.routeOptions.url;
  if (path && UNLIMITED.has(path)) return undefined;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return CLASS_OF_ROUTE[`${method} ${path}`] ?? 'global';
}

/**
 * Per-IP request budgets: one for everything, and separate tighter ones for sign-in, likes,
 * trades, drops and the image proxy (a request counts against its own class only). Counters
 * live in `counters`, a namespace of the gateway's cache: Redis when REDIS_URL is set, so every
 * gateway replica shares them; if it cannot count, requests pass rather than fail.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: GatewayConfig,
  logger: Logger,
  counters: CacheNamespace,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    skipOnError: true,
    store: cacheRateLimitStore(counters, logger),
  });

  const budgets: Record<LimitClass, number> = {
    global: config.RATE_LIMIT_MAX,
    signIn: config.RATE_LIMIT_SIGN_IN_MAX,
    likes: config.RATE_LIMIT_LIKES_MAX,
    trades: config.RATE_LIMIT_TRADES_MAX,
    drops: config.RATE_LIMIT_DROPS_MAX,
    imageProxy: config.RATE_LIMIT_IMAGE_PROXY_MAX,
    sessions: config.RATE_LIMIT_SESSIONS_MAX,
  };
  const limiters = Object.fromEntries(
    Object.entries(budgets).map(([name, max]) => [
      name,
      app.createRateLimit({
        max,
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        // The class is part of the key: limiters made with createRateLimit share one store
        // (the plugin appends the route, which a manual limiter does not have).
        keyGenerator: (req) => `${name}:${normalizeIP(clientIp(req, config.TRUST_PROXY))}`,
      }),
    ]),
  ) as Record<LimitClass, ReturnType<FastifyInstance['createRateLimit']>>;

  app.addHook('onRequest', async (req, reply) => {
    const limitClass = classOf(req);
    if (!limitClass) return;
    const limit = await limiters[limitClass](req);
    if (limit.isAllowed) return;
    reply.header('x-ratelimit-limit', limit.max);
    reply.header('x-ratelimit-remaining', limit.remaining);
    reply.header('x-ratelimit-reset', limit.ttlInSeconds);
    if (limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new RateLimitError();
    }
  });
}
