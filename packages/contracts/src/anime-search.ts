import { z } from 'zod';
import { safeString } from './fields';
import { defineRpc } from './messaging';

/** The two external anime services the anime-search service asks. */
export const animeSources = ['shikimori', 'anilist'] as const;
export type AnimeSource = (typeof animeSources)[number];

const sourceState = z.object({ available: z.boolean() });

/** GET /api/status (requirements M3): whether each external anime service answers (its circuit is closed). */
export const apiStatusSchema = z.object({
  services: z.object({ shikimori: sourceState, anilist: sourceState }),
});
export type ApiStatus = z.infer<typeof apiStatusSchema>;

/** The longest search text accepted; a longer one is a 400 (no title is that long). */
export const ANIME_QUERY_MAX = 200;

/** `?q=`: trimmed; empty or blank is a 400 (requirements M5), as is NUL or more than ANIME_QUERY_MAX characters. */
export const animeQuerySchema = z.object({
  q: safeString()
    .trim()
    .min(1, 'enter a search text')
    .max(ANIME_QUERY_MAX, `at most ${ANIME_QUERY_MAX} characters`),
});

/**
 * Anime of the search results and the detail (requirements M3). `id` is the id of the anime pages: a
 * Shikimori id, or `al-<n>` for an anime only AniList knows. `title` is in the caller's
 * language where the source has it (Russian for ru, romaji for en); `englishTitle` is the
 * English title (the page shows it only when different).
 */
export const animeSchema = z.object({
  id: z.string(),
  title: z.string(),
  englishTitle: z.string().nullable(),
  image: z.string().nullable(),
  /** Out of 10; null when the source has no score yet. */
  rating: z.number().nullable(),
  /** null when unknown. */
  episodes: z.number().int().nullable(),
  /** `anons`, `ongoing`, `released` (or the source's own word for other states). */
  status: z.string().nullable(),
  url: z.string().nullable(),
  /** Plain text (the sources' markup removed). */
  description: z.string().nullable(),
  genres: z.array(z.string()),
  /** Where this answer came from (additive). */
  source: z.enum(animeSources),
  /** Which sites the anime index holds this anime's data from (additive; issue 24). */
  sources: z.array(z.enum(animeSources)).optional(),
});
export type Anime = z.infer<typeof animeSchema>;

/**
 * GET /api/anime/search?q=: the results (requirements M7) and, additively, which sources did not
 * answer: when one is down the search still answers from the other and says so here. The results
 * come from the anime index (issue 24): `pending` names the sources still being asked after the
 * request's budget (their answers go into the index; asking again shows them), and `partial` is
 * true when any source is unavailable or pending.
 */
export const animeSearchAnswerSchema = z.object({
  results: z.array(animeSchema),
  unavailable: z.array(z.enum(animeSources)),
  pending: z.array(z.enum(animeSources)).optional(),
  partial: z.boolean().optional(),
});
export type AnimeSearchAnswer = z.infer<typeof animeSearchAnswerSchema>;

/** One source's starts in the last minute and hour: members' searches and pages vs the background fill. */
const budgetUseSchema = z.object({
  lastMinute: z.object({ user: z.number().int(), background: z.number().int() }),
  lastHour: z.object({ user: z.number().int(), background: z.number().int() }),
});

/**
 * GET /api/admin/anime-search/status (issue 24): the anime index's size and freshness, and how
 * each source's request budget was used by members and by the background fill.
 */
export const animeIndexStatusSchema = z.object({
  index: z.object({
    titles: z.number().int(),
    withShikimori: z.number().int(),
    withAnilist: z.number().int(),
    withBoth: z.number().int(),
    /** Titles read from a source within the refresh age. */
    fresh: z.number().int(),
    refreshHours: z.number(),
    oldestRefresh: z.string().nullable(),
    searches: z.number().int(),
  }),
  sources: z.object({
    shikimori: budgetUseSchema.extend({ available: z.boolean() }),
    anilist: budgetUseSchema.extend({ available: z.boolean() }),
  }),
  backgroundShare: z.number(),
});
export type AnimeIndexStatus = z.infer<typeof animeIndexStatusSchema>;

// --- admin look-ups (requirements C3, C7) ---

/** A Shikimori-type anime result (requirements C3). `poster` is the poster's absolute URL. */
export const shikimoriAnimeResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  russian: z.string().nullable(),
  english: z.string().nullable(),
  poster: z.string().nullable(),
  episodes: z.number().int().nullable(),
  status: z.string().nullable(),
  airedOn: z.object({ year: z.number().int().nullable() }),
});
export type ShikimoriAnimeResult = z.infer<typeof shikimoriAnimeResultSchema>;

/** An AniList-type anime result (requirements C3). */
export const anilistAnimeResultSchema = z.object({
  id: z.number().int(),
  idMal: z.number().int().nullable(),
  title: z.object({
    english: z.string().nullable(),
    romaji: z.string().nullable(),
    native: z.string().nullable(),
  }),
  coverImage: z.object({ large: z.string().nullable(), medium: z.string().nullable() }),
  episodes: z.number().int().nullable(),
  status: z.string().nullable(),
  startDate: z.object({ year: z.number().int().nullable() }),
  averageScore: z.number().nullable(),
});
export type AnilistAnimeResult = z.infer<typeof anilistAnimeResultSchema>;

/** A combined match: the same anime on both sites, its best title and the title similarity in percent. */
export const combinedMatchSchema = z.object({
  shikimori: shikimoriAnimeResultSchema,
  anilist: anilistAnimeResultSchema,
  bestTitle: z.string(),
  similarity: z.number().int().min(0).max(100),
});

/** GET /admin/search/anime/combined?q= (additive: `unavailable`, as in the member search). */
export const combinedSearchAnswerSchema = z.object({
  shikimori: z.array(shikimoriAnimeResultSchema),
  anilist: z.array(anilistAnimeResultSchema),
  matches: z.array(combinedMatchSchema),
  unavailable: z.array(z.enum(animeSources)),
});
export type CombinedSearchAnswer = z.infer<typeof combinedSearchAnswerSchema>;

/** A first-database (AniList) character of the import screen (requirements C3). */
export const anilistCharacterSchema = z.object({
  anilistId: z.number().int(),
  name: z.string(),
  altname: z.string().nullable(),
  alternative: z.array(z.string()),
  alternativeSpoiler: z.array(z.string()),
  full: z.string().nullable(),
  userPreferred: z.string().nullable(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  native: z.string().nullable(),
  image: z.string().nullable(),
  description: z.string().nullable(),
});
/** GET /admin/anilist/characters/{anilistId}: every character of the anime (all pages). */
export const anilistCharactersAnswerSchema = z.object({ characters: z.array(anilistCharacterSchema) });

/** A second-database (Shikimori) character (requirements C3); `altname` is comma-separated. */
export const shikimoriCharacterSchema = z.object({
  shikimoriId: z.number().int(),
  name: z.string(),
  altname: z.string().nullable(),
  japanese: z.string().nullable(),
  url: z.string().nullable(),
});
export type ShikimoriCharacter = z.infer<typeof shikimoriCharacterSchema>;

/**
 * RPC `anime-search.anime.title` (issue 28): the title an anime goes by on a site, for the
 * catalogue's quick add by id alone. Shikimori: the Russian title, else its name (as the search
 * screen shows it); AniList: English, else romaji, else native. From the anime index when it holds
 * the anime, else asked of the site (and kept). Errors come back in `language`: an id the site
 * does not know is a 404, a site that cannot answer a 503 (a spent budget a 429).
 */
export const animeSourceTitle = defineRpc(
  'anime-search.anime.title',
  z.object({
    source: z.enum(animeSources),
    id: z.number().int().positive(),
    language: z.string().max(35).optional(),
  }),
  z.object({ title: z.string().min(1) }),
  // A site may be asked with retries (SOURCE_TIMEOUT_MS, backoff): the admin waits that long.
  12_000,
);
