import type { FastifyInstance, FastifyReply } from 'fastify';
import { SlidingWindow } from '../faults/sliding-window';

/**
 * AniList's limit is 90 requests a minute, currently degraded to 30; the fake uses 30 unless
 * told otherwise. Every answer carries X-RateLimit-Limit and X-RateLimit-Remaining.
 */
export const ANILIST_DEFAULT_PER_MINUTE = 30;

/** AniList's 429: Retry-After, X-RateLimit-Reset (epoch seconds) and a GraphQL-shaped error body. */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, limit?: number) {
  if (limit !== undefined) reply.header('x-ratelimit-limit', String(limit));
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('x-ratelimit-remaining', '0')
    .header('x-ratelimit-reset', String(Math.ceil(Date.now() / 1000) + retryAfterSeconds))
    .send({ errors: [{ message: 'Too Many Requests.', status: 429 }], data: null });
}

/** Counts GraphQL requests (POST /) per minute; `perMinute: 0` turns the limit off. */
export function registerSiteLimits(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const minute = new SlidingWindow(perMinute, 60_000);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'POST' || req.url.split('?')[0] !== '/') return;
    const taken = minute.take();
    if (!taken.ok)
      return tooManyRequests(reply, Math.max(1, Math.ceil(taken.retryAfterMs / 1000)), perMinute);
    reply
      .header('x-ratelimit-limit', String(perMinute))
      .header('x-ratelimit-remaining', String(taken.remaining));
  });
}
