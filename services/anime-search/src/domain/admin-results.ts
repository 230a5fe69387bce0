import type {
  AnilistAnimeResult,
  CombinedSearchAnswer,
  ShikimoriAnimeResult,
  ShikimoriCharacter,
} from '@acg/contracts';
import type { AnilistCharacter, AnilistMedia } from '../sources/anilist';
import type {
  ShikimoriAnimeItem,
  ShikimoriCharacterBrief,
  ShikimoriCharacterDetail,
} from '../sources/shikimori';
import { anilistStatus, decoded, realImage } from './anime';
import { descriptionFromAnilist } from './descriptions';
import { bestSimilarity } from './similarity';

/** An automatic combined match needs at least this title similarity (requirements C: 0.7). */
export const MATCH_THRESHOLD = 0.7;

const year = (date: string | null) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);

export function shikimoriResult(
  a: ShikimoriAnimeItem & { english?: ReadonlyArray<string | null> | null },
  absolute: (p: string | null | undefined) => string | null,
): ShikimoriAnimeResult {
  return {
    id: a.id,
    name: decoded(a.name) ?? a.name,
    russian: decoded(a.russian),
    english: decoded(a.english?.find((t): t is string => !!t)),
    // Shikimori's missing_* placeholder is no poster.
    poster: realImage(absolute(a.image?.original ?? a.image?.preview)),
    episodes: a.episodes || null,
    status: a.status,
    airedOn: { year: year(a.aired_on) },
  };
}

export function anilistResult(m: AnilistMedia): AnilistAnimeResult {
  return {
    id: m.id,
    idMal: m.idMal,
    title: {
      english: m.title?.english ?? null,
      romaji: m.title?.romaji ?? null,
      native: m.title?.native ?? null,
    },
    coverImage: { large: m.coverImage?.large ?? null, medium: m.coverImage?.medium ?? null },
    episodes: m.episodes,
    status: anilistStatus(m.status),
    startDate: { year: m.startDate?.year ?? null },
    averageScore: m.averageScore,
  };
}

const shikiTitles = (s: ShikimoriAnimeResult) => [s.name, s.russian, s.english];
const aniTitles = (a: AnilistAnimeResult) => [a.title.romaji, a.title.english, a.title.native];

/**
 * Pairs the two lists (requirements C3 combined match): the same MyAnimeList id first, then, for the
 * rest, the AniList entry with the most similar title at or above MATCH_THRESHOLD. Each entry
 * is used once; `similarity` is the best title similarity in percent; `bestTitle` the English
 * title when either site has one, else the romaji.
 */
export function combine(
  shikimori: ShikimoriAnimeResult[],
  anilist: AnilistAnimeResult[],
): CombinedSearchAnswer['matches'] {
  const used = new Set<number>();
  const matches: CombinedSearchAnswer['matches'] = [];
  for (const s of shikimori) {
    let partner = anilist.find((a) => !used.has(a.id) && a.idMal === s.id);
    let similarity = partner ? bestSimilarity(shikiTitles(s), aniTitles(partner)) : 0;
    if (!partner) {
      for (const a of anilist) {
        if (used.has(a.id) || (a.idMal !== null && a.idMal !== s.id)) continue;
        const score = bestSimilarity(shikiTitles(s), aniTitles(a));
        if (score >= MATCH_THRESHOLD && score > similarity) {
          partner = a;
          similarity = score;
        }
      }
    }
    if (!partner) continue;
    used.add(partner.id);
    matches.push({
      // A title Shikimori has no poster for shows AniList's cover of the same title.
      shikimori: s.poster
        ? s
        : { ...s, poster: partner.coverImage.large ?? partner.coverImage.medium ?? null },
      anilist: partner,
      bestTitle: partner.title.english ?? s.english ?? s.name,
      similarity: Math.round(similarity * 100),
    });
  }
  return matches;
}

/** A Shikimori character from an anime's roles (requirements C3); the roles carry no native name. */
export function shikimoriCharacterFromRole(
  c: ShikimoriCharacterBrief,
  absolute: (p: string | null | undefined) => string | null,
): ShikimoriCharacter {
  return {
    shikimoriId: c.id,
    name: c.name,
    altname: c.russian || null,
    japanese: null,
    url: absolute(c.url),
  };
}

/** One Shikimori character: `altname` joins its alternative and Russian names with commas. */
export function shikimoriCharacter(
  c: ShikimoriCharacterDetail,
  absolute: (p: string | null | undefined) => string | null,
): ShikimoriCharacter {
  const names = [...new Set([c.altname, c.russian].filter((n): n is string => !!n))];
  return {
    shikimoriId: c.id,
    name: c.name,
    altname: names.length > 0 ? names.join(', ') : null,
    japanese: c.japanese,
    url: absolute(c.url),
  };
}

export function anilistCharacter(c: AnilistCharacter) {
  const alternative = (c.name?.alternative ?? []).filter((n): n is string => !!n);
  const name = c.name?.full ?? c.name?.userPreferred ?? `AniList ${c.id}`;
  return {
    anilistId: c.id,
    name,
    altname: alternative.length > 0 ? alternative.join(', ') : null,
    alternative,
    alternativeSpoiler: (c.name?.alternativeSpoiler ?? []).filter((n): n is string => !!n),
    full: c.name?.full ?? null,
    userPreferred: c.name?.userPreferred ?? null,
    first: c.name?.first ?? null,
    last: c.name?.last ?? null,
    native: c.name?.native ?? null,
    image: c.image?.large ?? c.image?.medium ?? null,
    description: descriptionFromAnilist(c.description),
  };
}
