import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeAnimeCatalogue } from '../anime-data';
import { animeDetail, animeListItem, animeRoles, characterDetail } from './json';

/** Shikimori's answer for an unknown id. */
const NOT_FOUND = { message: 'Страница не найдена', code: 404 };
export const MAX_LIMIT = 50;

const notFound = (reply: FastifyReply) => reply.code(404).send(NOT_FOUND);
/** Ids are positive integers; anything else is simply not found, as on the site. */
const idOf = (value: unknown): number | undefined => {
  const text = String(value);
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
};
/** Shikimori clamps paging parameters instead of refusing them. */
const intParam = (value: unknown, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** The REST API v1 routes the application reads: anime search and detail, roles, characters. */
export function registerApi(app: FastifyInstance, catalogue: FakeAnimeCatalogue): void {
  app.get('/animes', async (req) => {
    const query = req.query as Record<string, unknown>;
    const limit = intParam(query.limit, 1, 1, MAX_LIMIT);
    const page = intParam(query.page, 1, 1, 100_000);
    const search = typeof query.search === 'string' ? query.search : undefined;
    const kind = typeof query.kind === 'string' ? query.kind.split(',') : undefined;
    const found = catalogue.searchAnime(search, (a) => !kind || kind.includes(a.kind));
    return found.slice((page - 1) * limit, page * limit).map(animeListItem);
  });

  app.get('/animes/:id', async (req, reply) => {
    const id = idOf((req.params as { id: string }).id);
    const anime = id === undefined ? undefined : catalogue.animeByShikimoriId(id);
    return anime ? animeDetail(anime) : notFound(reply);
  });

  app.get('/animes/:id/roles', async (req, reply) => {
    const id = idOf((req.params as { id: string }).id);
    const anime = id === undefined ? undefined : catalogue.animeByShikimoriId(id);
    return anime ? animeRoles(catalogue, anime) : notFound(reply);
  });

  app.get('/characters/search', async (req) => {
    const search = (req.query as Record<string, unknown>).search;
    return catalogue
      .searchCharacters(typeof search === 'string' ? search : '')
      .slice(0, 16)
      .map((c) => characterDetail(catalogue, c))
      .map(({ id, name, russian, image, url }) => ({ id, name, russian, image, url }));
  });

  app.get('/characters/:id', async (req, reply) => {
    const id = idOf((req.params as { id: string }).id);
    const character = id === undefined ? undefined : catalogue.characterByShikimoriId(id);
    return character ? characterDetail(catalogue, character) : notFound(reply);
  });
}
