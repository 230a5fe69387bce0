import { animeListSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import { cachedAnime } from '../../cached-lists';
import type { CatalogueContext } from '../../context';

/** GET /api/anime: the catalogue anime for the characters page's dropdown, by title. */
export function registerAnimeRoutes(app: HttpServer, ctx: CatalogueContext): void {
  app.get('/api/anime', { schema: { response: { 200: animeListSchema } } }, () => cachedAnime(ctx));
}
