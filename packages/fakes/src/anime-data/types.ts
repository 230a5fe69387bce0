/**
 * The fake anime catalogue both fakes (Shikimori and AniList) serve. One entry describes one
 * title as the two sites know it; each fake renders it in its own API's shape. Optional facts
 * are `null` where the real sites leave them empty (no English title, no score yet, no
 * description, an anime AniList does not list).
 */

/** Shikimori's `kind`; AniList's `format` is derived from it. */
export type AnimeKind = 'tv' | 'movie' | 'ova' | 'ona' | 'special' | 'tv_special' | 'music';
/** Shikimori's `status`: `anons` = announced, not aired yet. */
export type AnimeStatus = 'anons' | 'ongoing' | 'released';
/** Shikimori's age rating codes. */
export type AgeRating = 'none' | 'g' | 'pg' | 'pg_13' | 'r' | 'r_plus' | 'rx';
export type RoleName = 'Main' | 'Supporting';

export interface FakeCharacter {
  shikimoriId: number;
  /** null: AniList does not list this character. */
  anilistId: number | null;
  /** Romanised, given name first, as both sites show it. */
  name: string;
  russian: string | null;
  /** Native spelling (family name first). */
  japanese: string | null;
  altname: string | null;
  /** Russian (Shikimori); may hold [character=id]…[/character] BBCode. */
  description: string | null;
  /** English (AniList). */
  descriptionEn: string | null;
  /** The Japanese voice actor, when known. */
  seyu: FakePerson | null;
  hasImage: boolean;
  /** AniList's alternative names when they are not just `altname` (a name may hold a comma). */
  anilistAlternatives?: string[];
}

export interface FakePerson {
  id: number;
  name: string;
  russian: string;
  japanese: string;
}

export interface FakeAnime {
  shikimoriId: number;
  /** null: only Shikimori lists it. */
  anilistId: number | null;
  /** MyAnimeList id; Shikimori's ids are MyAnimeList's. */
  malId: number;
  /** Romaji title (Shikimori `name`, AniList `title.romaji`). */
  name: string;
  russian: string | null;
  japanese: string | null;
  english: string | null;
  synonyms: string[];
  kind: AnimeKind;
  status: AnimeStatus;
  /** Planned episodes; 0 when unknown (Shikimori's convention; AniList says null). */
  episodes: number;
  /** Aired so far, for ongoing titles; 0 otherwise (as Shikimori sends). */
  episodesAired: number;
  airedOn: string | null;
  releasedOn: string | null;
  /** Shikimori's score out of 10, 0 = none yet. AniList's averageScore is score × 10. */
  score: number;
  rating: AgeRating;
  /** Minutes per episode. */
  duration: number;
  description: string | null;
  descriptionEn: string | null;
  /** Genre names from ./genres. */
  genres: string[];
  studios: string[];
  /** Shikimori's franchise slug. */
  franchise: string | null;
  /** Dominant colour of the cover (AniList `coverImage.color`, and the fake's images). */
  color: string;
  hasImage: boolean;
  hasBanner: boolean;
  characters: Array<{ shikimoriId: number; role: RoleName }>;
  /** Staff listed among Shikimori's roles (entries with `character: null`). */
  staff: Array<{ person: FakePerson; roles: string[] }>;
}
