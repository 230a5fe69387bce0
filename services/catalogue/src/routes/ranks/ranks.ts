import { rankListSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import { cachedRanks } from '../../cached-lists';
import type { CatalogueContext } from '../../context';

/** GET /api/ranks: the rank filter's buttons, E (lowest) to X (highest). */
export function registerRankRoutes(app: HttpServer, ctx: CatalogueContext): void {
  app.get('/api/ranks', { schema: { response: { 200: rankListSchema } } }, () => cachedRanks(ctx));
}
