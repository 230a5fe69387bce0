/** Shikimori's genre and theme entries (id, Russian name, kind) and the AniList genre each maps to. */
export interface Genre {
  id: number;
  name: string;
  russian: string;
  kind: 'genre' | 'demographic' | 'theme';
  /** AniList's fixed genre list has no demographics or most themes: null = not sent there. */
  anilist: string | null;
}

const g = (
  id: number,
  name: string,
  russian: string,
  kind: Genre['kind'],
  anilist: string | null,
): Genre => ({
  id,
  name,
  russian,
  kind,
  anilist,
});

export const GENRES: readonly Genre[] = [
  g(1, 'Action', 'Экшен', 'genre', 'Action'),
  g(2, 'Adventure', 'Приключения', 'genre', 'Adventure'),
  g(4, 'Comedy', 'Комедия', 'genre', 'Comedy'),
  g(7, 'Mystery', 'Детектив', 'genre', 'Mystery'),
  g(8, 'Drama', 'Драма', 'genre', 'Drama'),
  g(10, 'Fantasy', 'Фэнтези', 'genre', 'Fantasy'),
  g(14, 'Horror', 'Ужасы', 'genre', 'Horror'),
  g(18, 'Mecha', 'Меха', 'theme', 'Mecha'),
  g(19, 'Music', 'Музыка', 'theme', 'Music'),
  g(22, 'Romance', 'Романтика', 'genre', 'Romance'),
  g(24, 'Sci-Fi', 'Фантастика', 'genre', 'Sci-Fi'),
  g(27, 'Shounen', 'Сёнен', 'demographic', null),
  g(30, 'Sports', 'Спорт', 'genre', 'Sports'),
  g(36, 'Slice of Life', 'Повседневность', 'genre', 'Slice of Life'),
  g(37, 'Supernatural', 'Сверхъестественное', 'genre', 'Supernatural'),
  g(40, 'Psychological', 'Психологическое', 'theme', 'Psychological'),
  g(42, 'Seinen', 'Сэйнэн', 'demographic', null),
  g(117, 'Suspense', 'Триллер', 'genre', 'Thriller'),
  g(124, 'Mahou Shoujo', 'Махо-сёдзё', 'theme', 'Mahou Shoujo'),
  g(141, 'Survival', 'Выживание', 'theme', null),
];

export function genre(name: string): Genre {
  const found = GENRES.find((x) => x.name === name);
  if (!found) throw new Error(`unknown genre ${name}`);
  return found;
}

/** Studios by name; ids are Shikimori's where known. */
const STUDIO_IDS: Record<string, number> = {
  Sunrise: 14,
  Bones: 4,
  Madhouse: 11,
  'White Fox': 314,
  Gainax: 6,
  'Tatsunoko Production': 103,
  'Kyoto Animation': 2,
  'Wit Studio': 858,
  CloverWorks: 1835,
  MAPPA: 569,
  ufotable: 43,
  'Production I.G': 10,
  'Studio Ghibli': 21,
  Trigger: 803,
  'Studio Pierrot': 1,
  'A-1 Pictures': 56,
  'TMS Entertainment': 73,
  'J.C.Staff': 7,
  'Doga Kobo': 95,
  'Science SARU': 1816,
  'CoMix Wave Films': 291,
  Manglobe: 40,
  'Kinema Citrus': 155,
  Artland: 52,
  'Studio Deen': 37,
  'Toei Animation': 18,
  'Tokyo Movie Shinsha': 1467,
  'Triangle Staff': 104,
  Lerche: 456,
};

export function studioId(name: string): number {
  return STUDIO_IDS[name] ?? 9000 + name.length;
}
