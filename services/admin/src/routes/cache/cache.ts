import {
  adminCacheCleanupResponseSchema,
  adminCacheClearResponseSchema,
  adminCacheStatsResponseSchema,
  cacheCleared,
  catalogueCacheCleanup,
  catalogueCacheClear,
  catalogueCacheStats,
  type ServerCacheStats,
} from '@acg/contracts';
import {
  auditEventFor,
  type Bus,
  BusNoRespondersError,
  type Database,
  enqueue,
  type HttpServer,
  makeEvent,
  type OutboxRelay,
  type ServerText,
  text,
  UnavailableError,
} from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { outbox } from '../../db/schema';
import { summarize } from './summary';

export interface CacheRoutesDeps {
  bus: Bus;
  database: Database;
  outboxRelay: Pick<OutboxRelay, 'kick'>;
}

const EMPTY: ServerCacheStats = summarize([], undefined);

/**
 * Cache administration (requirements O2.8, O7; rules §40). The caches the screen shows are the
 * catalogue's (cards, characters, ranks, seasons, animes), so the figures, the clear and the
 * cleanup are asked of the catalogue over the bus; this service adds the totals and records
 * each action in the audit log. Administrators only (route table; checked here too).
 */
export function registerCacheRoutes(app: HttpServer, { bus, database, outboxRelay }: CacheRoutesDeps): void {
  app.get(
    '/api/admin/cache/stats',
    { schema: { response: { 200: adminCacheStatsResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        const { namespaces, users } = await bus.request(catalogueCacheStats, {});
        return { application_cache: summarize(namespaces, users) };
      } catch (err) {
        // No catalogue running (yet): nothing is cached.
        if (err instanceof BusNoRespondersError) return { application_cache: EMPTY };
        throw new UnavailableError(text('admin.cacheStatsUnavailable'));
      }
    },
  );

  /** Asks the catalogue; any failure to reach it is a 503 saying so. */
  const ask = async <T>(call: () => Promise<T>, refusal: ServerText): Promise<T> => {
    try {
      return await call();
    } catch {
      throw new UnavailableError(refusal);
    }
  };
  /** The audit record of a cache action (category system, target the cache, its result after). */
  const cacheAudit = (req: FastifyRequest, action: string, description: string, after: unknown) =>
    auditEventFor(req, 'admin', { action, category: 'system', description, targetType: 'cache', after });
  const record = async (...events: Array<Parameters<typeof enqueue>[2]>) => {
    await database.transaction(async (tx) => {
      for (const event of events) await enqueue(tx, outbox, event);
    });
    outboxRelay.kick();
  };

  app.post(
    '/api/admin/cache/clear',
    { schema: { response: { 200: adminCacheClearResponseSchema } } },
    async (req) => {
      const cleared = await ask(
        () => bus.request(catalogueCacheClear, {}),
        text('admin.cacheClearUnavailable'),
      );
      await record(
        cacheAudit(
          req,
          'cache.cleared',
          `Cleared the server cache: ${cleared.keysRemoved} key(s) in ${cleared.namespaces.join(', ')}`,
          cleared,
        ),
        // Every image-proxy process empties its in-memory tier of ready image answers on it.
        makeEvent(cacheCleared, cleared),
      );
      return { success: true as const, ...cleared };
    },
  );

  app.post(
    '/api/admin/cache/cleanup',
    { schema: { response: { 200: adminCacheCleanupResponseSchema } } },
    async (req) => {
      const cleaned = await ask(
        () => bus.request(catalogueCacheCleanup, {}),
        text('admin.cacheCleanupUnavailable'),
      );
      await record(
        cacheAudit(
          req,
          'cache.cleaned',
          `Cleaned old server cache entries: ${cleaned.expiredRemoved} expired, ${cleaned.usersForgotten} idle user(s) forgotten`,
          cleaned,
        ),
      );
      return { success: true as const, ...cleaned };
    },
  );
}
