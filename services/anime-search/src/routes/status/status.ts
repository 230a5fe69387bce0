import { type ApiStatus, apiStatusSchema } from '@acg/contracts';
import type { HttpServer } from '@acg/platform';
import type { Source } from '../../sources/source';

/** GET /api/status (requirements M7): a source is available while its circuit is not open. */
export function registerStatusRoutes(app: HttpServer, sources: { shikimori: Source; anilist: Source }): void {
  app.get(
    '/api/status',
    { schema: { response: { 200: apiStatusSchema } } },
    async (_req, reply): Promise<ApiStatus> => {
      reply.header('cache-control', 'no-store');
      return {
        services: {
          shikimori: { available: sources.shikimori.available },
          anilist: { available: sources.anilist.available },
        },
      };
    },
  );
}
