import {
  characterListSchema,
  charactersQuerySchema,
  NEXT_AFTER_HEADER,
  TOTAL_COUNT_HEADER,
} from '@acg/contracts';
import { type HttpServer, ifNoneMatchHits } from '@acg/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { cachedRanks } from '../../cached-lists';
import { LIST_TTL_SECONDS } from '../../caches';
import type { CatalogueContext } from '../../context';
import { countCharacters, findCharacters } from '../../repository/characters';
import { type BuiltPage, characterPageCache, preferredEncoding, uncachedPage } from './page-cache';

/**
 * GET /api/characters?anime_id=&rank_code= (requirements M7), signed-in users only (route table).
 * Both filters are optional; `rank_code` keeps the characters having a card of that rank and
 * only those cards. An unknown anime or rank is an empty list, a malformed filter a 400 with the
 * spec's error object. Additive paging: `limit` (1–200) and `after` (the last id seen) give one
 * page of the same list, `q` searches names; X-Total-Count and X-Next-After describe the rest.
 *
 * Answers are sent as the bytes cached when first built (gzipped when the client takes it, with
 * an ETag for revalidation). Fastify does not serialize bytes, so the response schema
 * (characterListSchema) documents the answer (OpenAPI) without filtering it; the tests check the
 * bodies against it.
 */
export function registerCharacterRoutes(
  app: HttpServer,
  ctx: CatalogueContext,
  localCacheBytes: number,
): void {
  const cached = characterPageCache(ctx.caches.characters, LIST_TTL_SECONDS, localCacheBytes);

  const schema = {
    querystring: charactersQuerySchema,
    response: { 200: characterListSchema, 304: z.void() },
  };
  app.get('/api/characters', { schema }, async (req, reply) => {
    const { anime_id: animeId, rank_code: rankCode, limit, after } = req.query;
    const q = req.query.q || undefined;
    const build = async (): Promise<BuiltPage> => {
      const rankId =
        rankCode === undefined ? undefined : (await cachedRanks(ctx)).find((r) => r.code === rankCode)?.id;
      if (rankCode !== undefined && rankId === undefined) return { json: '[]', total: 0, nextAfter: null };
      const filter = { animeId, rankId, q };
      const { characters, more } = await findCharacters(ctx.database.db, { ...filter, limit, after });
      // The whole list, or a first page that is also the last, counts itself.
      const total =
        limit === undefined || (after === undefined && !more)
          ? characters.length
          : await countCharacters(ctx.database.db, filter);
      const nextAfter = more ? characters.at(-1)!.id : null;
      return { json: JSON.stringify(characters), total, nextAfter };
    };

    const wanted = preferredEncoding(req.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const send = (page: { total: number; nextAfter: number | null }, bytes: Buffer, gzipped: boolean) => {
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextAfter !== null) reply.header(NEXT_AFTER_HEADER, String(page.nextAfter));
      if (gzipped) reply.header('content-encoding', 'gzip');
      // The list already serialized (and maybe gzipped): sent as it is, past the typed send.
      const untyped: FastifyReply = reply;
      return untyped.send(bytes);
    };

    // Name searches are not cached: any text makes a key, and one page of them is cheap.
    if (q !== undefined) {
      const page = await build();
      const { bytes, encoding } = await uncachedPage(page, wanted);
      return send(page, bytes, encoding === 'gzip');
    }
    const key = JSON.stringify([animeId ?? null, rankCode ?? null, limit ?? null, after ?? null]);
    const { meta, bytes } = await cached(key, wanted, build);
    const etag = `"${meta.etag}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      reply.header(TOTAL_COUNT_HEADER, String(meta.total));
      if (meta.nextAfter !== null) reply.header(NEXT_AFTER_HEADER, String(meta.nextAfter));
      return reply.code(304).send();
    }
    return send(meta, bytes, wanted === 'gzip' && meta.gzipped);
  });
}
