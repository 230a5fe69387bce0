import { catalogueCacheStats } from '@acg/contracts';
import {
  type Bus,
  BusNoRespondersError,
  type HttpServer,
  requireAdmin,
  UnavailableError,
} from '@acg/platform';

/**
 * GET /api/admin/cache/stats (spec 2 §7): the application cache's namespaces with keys, hits,
 * misses and hit rate, as `{ application_cache: { namespaces } }`. The figures are the
 * catalogue's (the namespaces the card screen watches), asked over the bus. Clearing caches
 * (the cache section of spec 3) is not built yet.
 */
export function registerCacheRoutes(app: HttpServer, deps: { bus: Bus }): void {
  app.get('/api/admin/cache/stats', async (req, reply) => {
    requireAdmin(req);
    reply.header('cache-control', 'private, no-store');
    try {
      const { namespaces } = await deps.bus.request(catalogueCacheStats, {});
      return { application_cache: { namespaces } };
    } catch (err) {
      if (err instanceof BusNoRespondersError) return { application_cache: { namespaces: [] } };
      throw new UnavailableError('The cache figures cannot be read right now');
    }
  });
}
