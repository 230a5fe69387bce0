import type { FastifyInstance, FastifyReply } from 'fastify';
import { type FakeAnime, type FakeAnimeCatalogue, popularityOf } from '../anime-data';
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

/**
 * A list filter as Shikimori reads it: comma-separated values, each one either wanted or, with
 * `!` before it, left out (`status=ongoing`, `kind=tv,movie`, `status=!anons`); absent: all.
 */
function listParam(value: unknown): (v: string) => boolean {
  if (typeof value !== 'string' || value === '') return () => true;
  const parts = value.split(',');
  const wanted = parts.filter((p) => !p.startsWith('!'));
  const excluded = parts.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  return (v) => (wanted.length === 0 || wanted.includes(v)) && !excluded.includes(v);
}

/** Shikimori's `order`; without one (or one it does not know) the search's own ranking stays. */
const ORDERS: Record<string, (x: FakeAnime, y: FakeAnime) => number> = {
  popularity: (x, y) => popularityOf(y) - popularityOf(x),
  ranked: (x, y) => y.score - x.score,
  name: (x, y) => x.name.localeCompare(y.name),
  aired_on: (x, y) => (y.airedOn ?? '').localeCompare(x.airedOn ?? ''),
  episodes: (x, y) => y.episodes - x.episodes,
  id: (x, y) => x.shikimoriId - y.shikimoriId,
  id_desc: (x, y) => y.shikimoriId - x.shikimoriId,
};
function ordered(found: FakeAnime[], order: unknown): FakeAnime[] {
  const compare = typeof order === 'string' ? ORDERS[order] : undefined;
  return compare ? [...found].sort((x, y) => compare(x, y) || x.shikimoriId - y.shikimoriId) : found;
}

/** The REST API v1 routes the application reads: anime search and detail, roles, characters. */
export function registerApi(app: FastifyInstance, catalogue: FakeAnimeCatalogue): void {
  app.get('/animes', async (req) => {
    const query = req.query as Record<string, unknown>;
    const limit = intParam(query.limit, 1, 1, MAX_LIMIT);
    const page = intParam(query.page, 1, 1, 100_000);
    const search = typeof query.search === 'string' ? query.search : undefined;
    const kind = listParam(query.kind);
    const status = listParam(query.status);
    const found = catalogue.searchAnime(search, (a) => kind(a.kind) && status(a.status));
    return ordered(found, query.order)
      .slice((page - 1) * limit, page * limit)
      .map(animeListItem);
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
