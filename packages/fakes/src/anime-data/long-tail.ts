import { anime } from './demo-anime';
import type { AnimeKind, FakeAnime, FakeCharacter } from './types';

/**
 * The long tail: twenty lesser titles built from word lists, so searches return several pages
 * and every kind of gap the real sites have shows up (announced titles without score, dates
 * or episodes; no English title; no description; no image; titles AniList does not list).
 */
const PLACES = [
  { romaji: 'Hoshi', ja: '星', ruOf: 'звёзд', en: 'the Stars', color: '#2b3d86' },
  { romaji: 'Tsuki', ja: '月', ruOf: 'луны', en: 'the Moon', color: '#c9c9e4' },
  { romaji: 'Kaze', ja: '風', ruOf: 'ветра', en: 'the Wind', color: '#a1e4c9' },
  { romaji: 'Umi', ja: '海', ruOf: 'моря', en: 'the Sea', color: '#2b86c9' },
  { romaji: 'Yuki', ja: '雪', ruOf: 'снега', en: 'the Snow', color: '#e4f1f1' },
] as const;
const ROLES = [
  { romaji: 'Tabibito', ja: '旅人', ru: 'Странник', en: 'Wanderer', genres: ['Adventure', 'Fantasy'] },
  { romaji: 'Kishi', ja: '騎士', ru: 'Рыцарь', en: 'Knight', genres: ['Action', 'Fantasy'] },
  {
    romaji: 'Mahoutsukai',
    ja: '魔法使い',
    ru: 'Волшебница',
    en: 'Witch',
    genres: ['Fantasy', 'Mahou Shoujo'],
  },
  { romaji: 'Uta', ja: '歌', ru: 'Песнь', en: 'Song', genres: ['Drama', 'Music', 'Slice of Life'] },
] as const;
const GIVEN = [
  ['Haruka', 'Харука', '遥'],
  ['Ren', 'Рэн', '蓮'],
  ['Yui', 'Юи', '結衣'],
  ['Sora', 'Сора', '空'],
  ['Hina', 'Хина', '陽菜'],
  ['Kaito', 'Кайто', '海斗'],
  ['Aoi', 'Аой', '葵'],
] as const;
const FAMILY = [
  ['Takahashi', 'Такахаси', '高橋'],
  ['Satou', 'Сато', '佐藤'],
  ['Suzuki', 'Судзуки', '鈴木'],
  ['Tanaka', 'Танака', '田中'],
  ['Watanabe', 'Ватанабэ', '渡辺'],
  ['Yamamoto', 'Ямамото', '山本'],
  ['Nakamura', 'Накамура', '中村'],
  ['Kobayashi', 'Кобаяси', '小林'],
  ['Itou', 'Ито', '伊藤'],
  ['Katou', 'Като', '加藤'],
  ['Yoshida', 'Ёсида', '吉田'],
] as const;
const KINDS: AnimeKind[] = ['tv', 'ona', 'ova', 'tv', 'movie', 'special'];
const STUDIOS = ['J.C.Staff', 'Doga Kobo', 'Lerche', 'Studio Deen', 'Science SARU'];

export const LONG_TAIL_CHARACTERS: FakeCharacter[] = [];
export const LONG_TAIL_ANIME: FakeAnime[] = [];

for (const [r, role] of ROLES.entries()) {
  for (const [p, place] of PLACES.entries()) {
    const i = r * PLACES.length + p;
    const shikimoriId = 60_001 + i;
    const announced = i % 5 === 4;
    // A few airing now: episodes planned, some aired, no end date.
    const ongoing = !announced && i % 7 === 2;
    const kind = KINDS[i % KINDS.length]!;
    const year = 2008 + i;
    const cast = [0, 1].map((k): FakeCharacter => {
      const [given, givenRu, givenJa] = GIVEN[(i + k * 3) % GIVEN.length]!;
      const [family, familyRu, familyJa] = FAMILY[(i * 2 + k) % FAMILY.length]!;
      return {
        shikimoriId: 500_000 + i * 10 + k,
        anilistId: i % 4 === 3 ? null : 600_000 + i * 10 + k,
        name: `${given} ${family}`,
        russian: `${givenRu} ${familyRu}`,
        japanese: `${familyJa} ${givenJa}`,
        altname: null,
        description: k === 0 && !announced ? `Главная героиня истории «${role.ru} ${place.ruOf}».` : null,
        descriptionEn: k === 0 ? `The lead of ${role.en} of ${place.en}.` : null,
        seyu: null,
        hasImage: k === 0,
      };
    });
    LONG_TAIL_CHARACTERS.push(...cast);
    LONG_TAIL_ANIME.push(
      anime({
        shikimoriId,
        anilistId: i % 4 === 3 ? null : 190_001 + i,
        name: `${place.romaji} no ${role.romaji}`,
        russian: `${role.ru} ${place.ruOf}`,
        japanese: i === 7 ? null : `${place.ja}の${role.ja}`,
        english: i % 3 === 0 ? null : `${role.en} of ${place.en}`,
        synonyms: i % 2 === 0 ? [`${place.romaji}${role.romaji}`] : [],
        kind,
        status: announced ? 'anons' : ongoing ? 'ongoing' : 'released',
        episodes: announced ? 0 : kind === 'movie' ? 1 : kind === 'tv' ? 12 : 6,
        episodesAired: ongoing ? 4 : 0,
        airedOn: announced ? null : `${year}-0${(i % 9) + 1}-1${i % 10}`,
        releasedOn: announced || ongoing || kind === 'movie' ? null : `${year}-1${i % 3}-2${i % 9}`,
        score: announced ? 0 : Math.round((6 + ((i * 37) % 30) / 10) * 100) / 100,
        rating: announced ? 'none' : 'pg_13',
        duration: kind === 'movie' ? 95 : 24,
        description:
          i % 2 === 0 && !announced
            ? `История о том, как ${role.ru.toLowerCase()} ${place.ruOf} ищет свой путь.`
            : null,
        descriptionEn: announced ? null : `A quiet story about the ${role.en.toLowerCase()} of ${place.en}.`,
        genres: [...role.genres],
        studios: announced ? [] : [STUDIOS[i % STUDIOS.length]!],
        franchise: null,
        color: place.color,
        hasImage: i % 6 !== 5,
        hasBanner: false,
        characters: cast.map((c, k) => ({
          shikimoriId: c.shikimoriId,
          role: k === 0 ? 'Main' : 'Supporting',
        })),
      }),
    );
  }
}
