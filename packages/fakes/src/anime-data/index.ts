import { DEMO_CAST } from './characters';
import { DEMO_ANIME } from './demo-anime';
import { LONG_TAIL_ANIME, LONG_TAIL_CHARACTERS } from './long-tail';
import { MORE_ANIME, MORE_CHARACTERS } from './more-anime';
import type { FakeAnime, FakeCharacter, RoleName } from './types';

export type { FakeAnime, FakeCharacter, FakePerson, RoleName } from './types';

/**
 * How many users list the anime (AniList's `popularity`; Shikimori orders `order=popularity` by
 * the same count of its users): announced titles few, the rest between 50,000 and 950,000,
 * fixed per title so both fakes rank alike.
 */
export function popularityOf(a: FakeAnime): number {
  const id = a.anilistId ?? a.shikimoriId;
  return a.status === 'anons' ? 1500 + (id % 1000) : 50_000 + ((id * 7919) % 900_000);
}

/** Lower case, ё as е, punctuation and spacing collapsed: "Steins;Gate" finds "steins gate". */
const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The anime and characters both fakes serve, with the look-ups they need. */
export class FakeAnimeCatalogue {
  private readonly byShikimori = new Map<number, FakeAnime>();
  private readonly byAnilist = new Map<number, FakeAnime>();
  private readonly charByShikimori = new Map<number, FakeCharacter>();
  private readonly charByAnilist = new Map<number, FakeCharacter>();

  constructor(
    readonly anime: readonly FakeAnime[],
    readonly characters: readonly FakeCharacter[],
  ) {
    for (const a of anime) {
      if (this.byShikimori.has(a.shikimoriId)) throw new Error(`duplicate anime ${a.shikimoriId}`);
      this.byShikimori.set(a.shikimoriId, a);
      if (a.anilistId !== null) this.byAnilist.set(a.anilistId, a);
    }
    for (const c of characters) {
      if (this.charByShikimori.has(c.shikimoriId)) throw new Error(`duplicate character ${c.shikimoriId}`);
      this.charByShikimori.set(c.shikimoriId, c);
      if (c.anilistId !== null) this.charByAnilist.set(c.anilistId, c);
    }
    for (const a of anime) {
      for (const role of a.characters) {
        if (!this.charByShikimori.has(role.shikimoriId)) {
          throw new Error(`anime ${a.shikimoriId} lists unknown character ${role.shikimoriId}`);
        }
      }
    }
  }

  animeByShikimoriId(id: number): FakeAnime | undefined {
    return this.byShikimori.get(id);
  }

  animeByAnilistId(id: number): FakeAnime | undefined {
    return this.byAnilist.get(id);
  }

  characterByShikimoriId(id: number): FakeCharacter | undefined {
    return this.charByShikimori.get(id);
  }

  characterByAnilistId(id: number): FakeCharacter | undefined {
    return this.charByAnilist.get(id);
  }

  castOf(anime: FakeAnime): Array<{ character: FakeCharacter; role: RoleName }> {
    return anime.characters.map((r) => ({
      character: this.charByShikimori.get(r.shikimoriId)!,
      role: r.role,
    }));
  }

  /** The anime a character appears in, with the role. */
  appearancesOf(character: FakeCharacter): Array<{ anime: FakeAnime; role: RoleName }> {
    return this.anime.flatMap((a) =>
      a.characters
        .filter((r) => r.shikimoriId === character.shikimoriId)
        .map((r) => ({ anime: a, role: r.role })),
    );
  }

  /**
   * Anime whose titles (romaji, Russian, native, English, synonyms) contain the query, titles
   * starting with it first, then by score. No query: everything by score, as a browse would.
   */
  searchAnime(query: string | undefined, filter: (a: FakeAnime) => boolean = () => true): FakeAnime[] {
    const q = normalize(query ?? '');
    const titles = (a: FakeAnime) =>
      [a.name, a.russian, a.japanese, a.english, ...a.synonyms]
        .filter((t): t is string => !!t)
        .map(normalize);
    const rank = (a: FakeAnime) => (titles(a).some((t) => t.startsWith(q)) ? 0 : 1);
    return this.anime
      .filter((a) => filter(a) && (q === '' || titles(a).some((t) => t.includes(q))))
      .sort((x, y) => rank(x) - rank(y) || y.score - x.score || x.shikimoriId - y.shikimoriId);
  }

  searchCharacters(query: string | undefined): FakeCharacter[] {
    const q = normalize(query ?? '');
    return this.characters.filter((c) =>
      [c.name, c.russian, c.japanese, c.altname].some((t) => !!t && normalize(t).includes(q)),
    );
  }
}

/** At least 50 anime: the demo catalogue's ten, well-known titles and a generated long tail. */
export const fakeAnimeCatalogue = new FakeAnimeCatalogue(
  [...DEMO_ANIME, ...MORE_ANIME, ...LONG_TAIL_ANIME],
  [...DEMO_CAST, ...MORE_CHARACTERS, ...LONG_TAIL_CHARACTERS],
);
