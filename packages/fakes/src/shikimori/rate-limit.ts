import type { FastifyInstance } from 'fastify';
import { SlidingWindow } from '../faults/sliding-window';

/** Shikimori's documented API limits: 5 requests per second and 90 per minute. */
export const SHIKIMORI_LIMITS = { perSecond: 5, perMinute: 90 } as const;

export function tooManyRequests(reply: import('fastify').FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .type('text/plain')
    .send('Retry later');
}

/**
 * Enforces the site's own limits on /api (static files are not limited). A refused request
 * does not count. Off when `enforce` is false (e.g. a benchmark of our own code).
 */
export function registerSiteLimits(app: FastifyInstance, enforce: boolean): void {
  if (!enforce) return;
  const second = new SlidingWindow(SHIKIMORI_LIMITS.perSecond, 1000);
  const minute = new SlidingWindow(SHIKIMORI_LIMITS.perMinute, 60_000);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const now = Date.now();
    const blockedMs = Math.max(
      second.peek(now).remaining === 0 ? second.peek(now).resetAt - now : 0,
      minute.peek(now).remaining === 0 ? minute.peek(now).resetAt - now : 0,
    );
    if (blockedMs > 0) return tooManyRequests(reply, Math.max(1, Math.ceil(blockedMs / 1000)));
    second.take(now);
    minute.take(now);
  });
}
