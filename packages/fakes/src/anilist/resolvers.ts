import { GraphQLError } from 'graphql';
import {
  type FakeAnime,
  type FakeAnimeCatalogue,
  type FakeCharacter,
  popularityOf,
  type RoleName,
} from '../anime-data';
import { genre } from '../anime-data/genres';

/**
 * Resolvers in graphql-js's default style: the root value and the objects it returns have a
 * property or method per field (methods receive the field's arguments), over the fake catalogue.
 */
export interface AnilistContext {
  catalogue: FakeAnimeCatalogue;
  /** The fake's origin, for absolute image and site URLs as AniList sends them. */
  origin: string;
}

type Args = Record<string, unknown>;

/** AniList caps `perPage` at 50 and answers a page past the end with an empty list. */
const MAX_PER_PAGE = 50;

export function pageInfo(total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { total, perPage, currentPage: page, lastPage, hasNextPage: page < lastPage };
}

function paging(args: Args, defaultPerPage: number) {
  const page = Math.max(1, Number(args.page ?? 1) || 1);
  const perPage = Math.min(
    MAX_PER_PAGE,
    Math.max(1, Number(args.perPage ?? defaultPerPage) || defaultPerPage),
  );
  return { page, perPage, slice: <T>(list: T[]) => list.slice((page - 1) * perPage, page * perPage) };
}

/** AniList's "not found": HTTP 404, `{ message: "Not Found.", status: 404 }`. */
export const notFound = () => new GraphQLError('Not Found.', { extensions: { status: 404 } });

const FORMATS: Record<FakeAnime['kind'], string> = {
  tv: 'TV',
  movie: 'MOVIE',
  ova: 'OVA',
  ona: 'ONA',
  special: 'SPECIAL',
  tv_special: 'TV_SHORT',
  music: 'MUSIC',
};
const STATUSES: Record<FakeAnime['status'], string> = {
  anons: 'NOT_YET_RELEASED',
  ongoing: 'RELEASING',
  released: 'FINISHED',
};
const SEASONS = [
  'WINTER',
  'WINTER',
  'WINTER',
  'SPRING',
  'SPRING',
  'SPRING',
  'SUMMER',
  'SUMMER',
  'SUMMER',
  'FALL',
  'FALL',
  'FALL',
];

function fuzzyDate(date: string | null) {
  if (!date) return { year: null, month: null, day: null };
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

const html = (text: string | null, args: Args) =>
  text === null ? null : args.asHtml ? `<p>${text.replace(/\n/g, '<br>\n')}</p>` : text;

const ROLE: Record<RoleName, string> = { Main: 'MAIN', Supporting: 'SUPPORTING' };

export function mediaView(a: FakeAnime, ctx: AnilistContext) {
  const id = a.anilistId!;
  const cover = (size: string) => `${ctx.origin}/file/anilistcdn/media/anime/cover/${size}/bx${id}.jpg`;
  const score = a.score > 0 ? Math.round(a.score * 10) : null;
  return {
    id,
    idMal: a.malId,
    title: {
      romaji: () => a.name,
      english: () => a.english,
      native: () => a.japanese,
      userPreferred: a.name,
    },
    type: 'ANIME',
    format: FORMATS[a.kind],
    status: () => STATUSES[a.status],
    description: (args: Args) => html(a.descriptionEn, args),
    startDate: fuzzyDate(a.airedOn),
    endDate: fuzzyDate(a.releasedOn),
    season: a.airedOn ? SEASONS[Number(a.airedOn.slice(5, 7)) - 1] : null,
    seasonYear: a.airedOn ? Number(a.airedOn.slice(0, 4)) : null,
    episodes: a.episodes > 0 ? a.episodes : null,
    duration: a.status === 'anons' ? null : a.duration,
    countryOfOrigin: 'JP',
    isAdult: false,
    coverImage: a.hasImage
      ? { extraLarge: cover('extraLarge'), large: cover('large'), medium: cover('medium'), color: a.color }
      : {
          extraLarge: `${ctx.origin}/file/anilistcdn/media/default.jpg`,
          large: `${ctx.origin}/file/anilistcdn/media/default.jpg`,
          medium: `${ctx.origin}/file/anilistcdn/media/default.jpg`,
          color: null,
        },
    bannerImage: a.hasBanner ? `${ctx.origin}/file/anilistcdn/media/anime/banner/${id}.jpg` : null,
    genres: a.genres.map((name) => genre(name).anilist).filter((g): g is string => g !== null),
    synonyms: a.synonyms,
    averageScore: score,
    meanScore: score,
    popularity: popularityOf(a),
    favourites: a.status === 'anons' ? 10 : 1000 + ((id * 104_729) % 90_000),
    siteUrl: `${ctx.origin}/anime/${id}`,
    characters: (args: Args): unknown => {
      const { page, perPage, slice } = paging(args, 25);
      const cast = ctx.catalogue
        .castOf(a)
        .filter(
          ({ character, role }) => character.anilistId !== null && (!args.role || ROLE[role] === args.role),
        );
      const edges = slice(cast).map(({ character, role }) => ({
        id: character.anilistId! * 10 + 1,
        role: ROLE[role],
        name: null,
        favouriteOrder: null,
        node: characterView(character, ctx),
      }));
      return { pageInfo: pageInfo(cast.length, page, perPage), edges, nodes: edges.map((e) => e.node) };
    },
  };
}

export function characterView(c: FakeCharacter, ctx: AnilistContext) {
  const id = c.anilistId!;
  const [first, ...rest] = c.name.split(' ');
  const image = (size: string) =>
    c.hasImage
      ? `${ctx.origin}/file/anilistcdn/character/${size}/b${id}.png`
      : `${ctx.origin}/file/anilistcdn/character/${size}/default.jpg`;
  return {
    id,
    name: {
      first: first ?? null,
      middle: null,
      last: rest.length > 0 ? rest.join(' ') : null,
      full: c.name,
      native: c.japanese,
      alternative: c.anilistAlternatives ?? (c.altname ? [c.altname] : ['']),
      alternativeSpoiler: [],
      userPreferred: c.name,
    },
    image: { large: image('large'), medium: image('medium') },
    description: (args: Args) => html(c.descriptionEn, args),
    gender: null,
    age: null,
    siteUrl: `${ctx.origin}/character/${id}`,
    favourites: (id * 31) % 5000,
    media: (args: Args): unknown => {
      const { page, perPage, slice } = paging(args, 25);
      const appearances = ctx.catalogue
        .appearancesOf(c)
        .filter(({ anime }) => anime.anilistId !== null && (!args.type || args.type === 'ANIME'));
      const edges = slice(appearances).map(({ anime, role }) => ({
        id: anime.anilistId! * 10 + 2,
        characterRole: ROLE[role],
        node: mediaView(anime, ctx),
      }));
      return {
        pageInfo: pageInfo(appearances.length, page, perPage),
        edges,
        nodes: edges.map((e) => e.node),
      };
    },
  };
}

function mediaMatches(a: FakeAnime, args: Args): boolean {
  if (a.anilistId === null) return false;
  if (args.type === 'MANGA') return false;
  if (args.id != null && a.anilistId !== args.id) return false;
  if (args.idMal != null && a.malId !== args.idMal) return false;
  if (Array.isArray(args.id_in) && !args.id_in.includes(a.anilistId)) return false;
  if (Array.isArray(args.idMal_in) && !args.idMal_in.includes(a.malId)) return false;
  if (args.format != null && FORMATS[a.kind] !== args.format) return false;
  if (args.status != null && STATUSES[a.status] !== args.status) return false;
  return true;
}

function sortMedia(list: FakeAnime[], sort: unknown): FakeAnime[] {
  const key = Array.isArray(sort) ? String(sort[0]) : undefined;
  if (!key || key === 'SEARCH_MATCH') return list;
  const desc = key.endsWith('_DESC');
  const field = desc ? key.slice(0, -5) : key;
  const value = (a: FakeAnime): number | string => {
    if (field === 'ID') return a.anilistId ?? 0;
    if (field === 'POPULARITY') return popularityOf(a);
    if (field === 'SCORE' || field === 'FAVOURITES') return a.score;
    if (field === 'EPISODES') return a.episodes;
    if (field === 'START_DATE') return a.airedOn ?? '';
    if (field === 'TITLE_ENGLISH') return a.english ?? '';
    if (field === 'TITLE_NATIVE') return a.japanese ?? '';
    return a.name;
  };
  return [...list].sort((x, y) => {
    const [vx, vy] = [value(x), value(y)];
    const order = vx < vy ? -1 : vx > vy ? 1 : 0;
    return desc ? -order : order;
  });
}

/** The root value: the three entry points of the query type. */
export function rootValue(ctx: AnilistContext) {
  return {
    Page: (args: Args) => {
      const { page, perPage, slice } = paging(args, 50);
      let info = pageInfo(0, page, perPage);
      return {
        // Resolved after its sibling list field (which sets the totals), whatever their order.
        pageInfo: () => new Promise((resolve) => setImmediate(() => resolve(info))),
        media: (margs: Args) => {
          const found = ctx.catalogue.searchAnime(
            typeof margs.search === 'string' ? margs.search : undefined,
            (a) => mediaMatches(a, margs),
          );
          const sorted = sortMedia(found, margs.sort);
          info = pageInfo(sorted.length, page, perPage);
          return slice(sorted).map((a) => mediaView(a, ctx));
        },
        characters: (cargs: Args) => {
          const found = ctx.catalogue
            .searchCharacters(typeof cargs.search === 'string' ? cargs.search : undefined)
            .filter(
              (c) =>
                c.anilistId !== null &&
                (cargs.id == null || c.anilistId === cargs.id) &&
                (!Array.isArray(cargs.id_in) || cargs.id_in.includes(c.anilistId)),
            );
          info = pageInfo(found.length, page, perPage);
          return slice(found).map((c) => characterView(c, ctx));
        },
      };
    },
    Media: (args: Args) => {
      const found = ctx.catalogue.searchAnime(
        typeof args.search === 'string' ? args.search : undefined,
        (a) => mediaMatches(a, args),
      );
      if (found.length === 0) throw notFound();
      return mediaView(found[0]!, ctx);
    },
    Character: (args: Args) => {
      const found =
        typeof args.id === 'number'
          ? ctx.catalogue.characterByAnilistId(args.id)
          : typeof args.search === 'string'
            ? ctx.catalogue.searchCharacters(args.search).find((c) => c.anilistId !== null)
            : undefined;
      if (!found) throw notFound();
      return characterView(found, ctx);
    },
  };
}
