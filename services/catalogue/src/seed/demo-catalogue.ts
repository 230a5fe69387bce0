/**
 * The demo catalogue (seeded by the runners, SEED_DEMO_CATALOGUE): 10 anime in 8 franchises,
 * 40 characters (9 of them in two anime), the 9 ranks, a running and a past season, and
 * 60 cards of which 5 are limited. Characters have no image: the image service draws their
 * art, so everything works offline. External ids are given only where they are the real ones.
 */

/** Ranks from E (lowest) to X (highest) with the design system's colours and titles per language. */
export const DEMO_RANKS = [
  { code: 'E', title: 'Common', titles: { ru: 'Обычная', ja: 'コモン' }, color: '#9e9e9e', threshold: 0 },
  {
    code: 'D',
    title: 'Uncommon',
    titles: { ru: 'Необычная', ja: 'アンコモン' },
    color: '#4caf50',
    threshold: 10,
  },
  { code: 'C', title: 'Rare', titles: { ru: 'Редкая', ja: 'レア' }, color: '#2196f3', threshold: 25 },
  { code: 'B', title: 'Epic', titles: { ru: 'Эпическая', ja: 'エピック' }, color: '#9c27b0', threshold: 45 },
  {
    code: 'A',
    title: 'Legendary',
    titles: { ru: 'Легендарная', ja: 'レジェンダリー' },
    color: '#ff9800',
    threshold: 65,
  },
  {
    code: 'S',
    title: 'Mythic',
    titles: { ru: 'Мифическая', ja: 'ミシック' },
    color: '#f44336',
    threshold: 80,
  },
  {
    code: 'SS',
    title: 'Divine',
    titles: { ru: 'Божественная', ja: 'ディヴァイン' },
    color: '#e91e63',
    threshold: 90,
  },
  {
    code: 'SSS',
    title: 'Celestial',
    titles: { ru: 'Небесная', ja: 'セレスティアル' },
    color: '#ffd700',
    threshold: 96,
  },
  {
    code: 'X',
    title: 'Exclusive',
    titles: { ru: 'Эксклюзивная', ja: 'エクスクルーシブ' },
    color: '#00e5ff',
    threshold: 99,
  },
] as const;
export type DemoRankCode = (typeof DEMO_RANKS)[number]['code'];

/** `current` runs around the day of seeding; `past` ended long before it. */
export type DemoSeason = 'current' | 'past';
export const DEMO_SEASONS: Record<DemoSeason, { title: string; fromDay: number; toDay: number }> = {
  current: { title: 'Winter Festival', fromDay: -30, toDay: 60 },
  past: { title: 'Summer Matsuri', fromDay: -400, toDay: -300 },
};

export interface DemoCharacter {
  name: string;
  altname: string;
  description: string;
  shikimoriId?: number;
  anilistId?: number;
  /** Regular cards by rank; the first is the one its tile shows. */
  cards: DemoRankCode[];
  /** Limited cards of a season. */
  limited?: Array<{ rank: DemoRankCode; season: DemoSeason }>;
}

const c = (
  name: string,
  altname: string,
  description: string,
  cards: DemoRankCode[],
  extra: Partial<Pick<DemoCharacter, 'shikimoriId' | 'anilistId' | 'limited'>> = {},
): DemoCharacter => ({ name, altname, description, cards, ...extra });

export const DEMO_CHARACTERS: DemoCharacter[] = [
  c(
    'Edward Elric',
    'エドワード・エルリック',
    'The youngest State Alchemist, searching for the Philosopher’s Stone.',
    ['S'],
    {
      shikimoriId: 11,
      anilistId: 11,
    },
  ),
  c(
    'Alphonse Elric',
    'アルフォンス・エルリック',
    'Edward’s younger brother, his soul bound to a suit of armour.',
    ['A', 'D'],
    {
      shikimoriId: 12,
      anilistId: 12,
    },
  ),
  c(
    'Roy Mustang',
    'ロイ・マスタング',
    'The Flame Alchemist, with his eyes on the top of the military.',
    ['B', 'SS'],
    {
      shikimoriId: 68,
      anilistId: 68,
    },
  ),
  c(
    'Rintarou Okabe',
    '岡部倫太郎',
    'A self-proclaimed mad scientist who can send messages to the past.',
    ['SS', 'B'],
    {
      shikimoriId: 35252,
      anilistId: 35252,
    },
  ),
  c('Kurisu Makise', '牧瀬紅莉栖', 'A neuroscience prodigy who rarely loses an argument.', ['S', 'SSS'], {
    shikimoriId: 34470,
    anilistId: 34470,
  }),
  c(
    'Frieren',
    'フリーレン',
    'An elf mage who outlived her party and sets out to understand people.',
    ['SSS'],
    {
      shikimoriId: 184947,
      anilistId: 176754,
      limited: [{ rank: 'X', season: 'current' }],
    },
  ),
  c('Fern', 'フェルン', 'Frieren’s apprentice, precise and patient.', ['C', 'A'], {
    shikimoriId: 187393,
    anilistId: 176755,
  }),
  c('Stark', 'シュタルク', 'A warrior far braver than he believes.', ['D', 'B'], {
    shikimoriId: 187394,
    anilistId: 176756,
  }),
  c(
    'Spike Spiegel',
    'スパイク・スピーゲル',
    'A laid-back bounty hunter with a past that keeps catching up.',
    ['A', 'C'],
    {
      shikimoriId: 1,
      anilistId: 1,
      limited: [{ rank: 'SS', season: 'past' }],
    },
  ),
  c(
    'Faye Valentine',
    'フェイ・ヴァレンタイン',
    'A gambler with debts and no memory of her youth.',
    ['C', 'B'],
    {
      shikimoriId: 2,
      anilistId: 2,
    },
  ),
  c('Jet Black', 'ジェット・ブラック', 'The Bebop’s captain, cook and former cop.', ['D'], {
    shikimoriId: 3,
    anilistId: 3,
  }),
  c('Edward Wong', 'エドワード・ウォン', 'A genius hacker child who joins the crew uninvited.', ['E'], {
    shikimoriId: 16,
    anilistId: 16,
  }),
  c('Shinji Ikari', '碇シンジ', 'A reluctant pilot of Evangelion Unit-01.', ['C', 'E'], {
    shikimoriId: 89,
    anilistId: 89,
  }),
  c('Rei Ayanami', '綾波レイ', 'The quiet First Child.', ['B', 'SSS'], { shikimoriId: 86, anilistId: 86 }),
  c(
    'Asuka Langley Soryu',
    '惣流・アスカ・ラングレー',
    'The Second Child, proud and fiercely competitive.',
    ['A', 'SS'],
    {
      shikimoriId: 94,
      anilistId: 94,
    },
  ),
  c('Misato Katsuragi', '葛城ミサト', 'NERV’s operations director and Shinji’s guardian.', ['D'], {
    shikimoriId: 88,
    anilistId: 88,
  }),
  c('Loid Forger', 'ロイド・フォージャー', 'A spy who needs a family for his next mission.', ['B', 'D'], {
    shikimoriId: 170256,
    anilistId: 170256,
  }),
  c(
    'Yor Forger',
    'ヨル・フォージャー',
    'A city hall clerk with a second job nobody may know about.',
    ['A', 'SSS'],
    {
      shikimoriId: 170257,
      anilistId: 170257,
    },
  ),
  c('Anya Forger', 'アーニャ・フォージャー', 'A telepath who knows every secret of her new family.', ['X'], {
    shikimoriId: 170258,
    anilistId: 170258,
    limited: [{ rank: 'SS', season: 'past' }],
  }),
  c('Bond Forger', 'ボンド・フォージャー', 'A large dog who can see the future.', ['E'], {
    shikimoriId: 170259,
    anilistId: 170259,
  }),
  c('Winry Rockbell', 'ウィンリィ・ロックベル', 'An automail mechanic and the Elrics’ oldest friend.', ['C']),
  c('Maes Hughes', 'マース・ヒューズ', 'An officer who shows everyone photos of his daughter.', ['D']),
  c('Mayuri Shiina', '椎名まゆり', 'Okabe’s cheerful childhood friend.', ['C', 'A']),
  c('Itaru Hashida', '橋田至', 'The lab’s super hacker.', ['E']),
  c('Maho Hiyajo', '比屋定真帆', 'A researcher who worked beside Kurisu.', ['B']),
  c('Shigeo Kageyama', '影山茂夫', 'A boy with immense psychic power who wants an ordinary life.', [
    'SS',
    'X',
  ]),
  c('Arataka Reigen', '霊幻新隆', 'A self-styled psychic consultant with a gift for talk.', ['A'], {
    limited: [{ rank: 'SS', season: 'current' }],
  }),
  c('Dimple', 'エクボ', 'A spirit with big plans and a small green body.', ['D']),
  c('Ritsu Kageyama', '影山律', 'Shigeo’s younger brother, top of his class.', ['C']),
  c(
    'Violet Evergarden',
    'ヴァイオレット・エヴァーガーデン',
    'A former soldier who writes letters for others.',
    ['SSS'],
    {
      limited: [{ rank: 'X', season: 'current' }],
    },
  ),
  c('Gilbert Bougainvillea', 'ギルベルト・ブーゲンビリア', 'The major who gave Violet her name.', ['B']),
  c('Claudia Hodgins', 'クラウディア・ホッジンズ', 'The president of the CH Postal Company.', ['E']),
  c('Himmel', 'ヒンメル', 'The hero who defeated the Demon King.', ['A']),
  c('Heiter', 'ハイター', 'A priest of the hero’s party, fond of wine.', ['D']),
  c('Eisen', 'アイゼン', 'A dwarf warrior of the hero’s party.', ['C']),
  c('Kaworu Nagisa', '渚カヲル', 'The Fifth Child, who arrives late and leaves a mark.', ['SS']),
  c('Gendo Ikari', '碇ゲンドウ', 'The commander of NERV.', ['B']),
  c('Vicious', 'ビシャス', 'Spike’s former partner in the Red Dragon syndicate.', ['B']),
  c('Ein', 'アイン', 'A data dog.', ['E']),
  c('Franky Franklin', 'フランキー・フランクリン', 'Loid’s informant, always out of luck in love.', ['E']),
];

export interface DemoAnime {
  franchise: string;
  title: string;
  shikimoriId: number;
  anilistId: number;
  characters: string[];
}

const FMA_CAST = ['Edward Elric', 'Alphonse Elric', 'Roy Mustang', 'Winry Rockbell', 'Maes Hughes'];
const LAB_MEMBERS = ['Rintarou Okabe', 'Kurisu Makise', 'Mayuri Shiina', 'Itaru Hashida'];

export const DEMO_ANIME: DemoAnime[] = [
  {
    franchise: 'Fullmetal Alchemist',
    title: 'Fullmetal Alchemist: Brotherhood',
    shikimoriId: 5114,
    anilistId: 5114,
    characters: FMA_CAST,
  },
  {
    franchise: 'Fullmetal Alchemist',
    title: 'Fullmetal Alchemist',
    shikimoriId: 121,
    anilistId: 121,
    characters: FMA_CAST,
  },
  {
    franchise: 'Steins;Gate',
    title: 'Steins;Gate',
    shikimoriId: 9253,
    anilistId: 9253,
    characters: LAB_MEMBERS,
  },
  {
    franchise: 'Steins;Gate',
    title: 'Steins;Gate 0',
    shikimoriId: 30484,
    anilistId: 21127,
    characters: [...LAB_MEMBERS, 'Maho Hiyajo'],
  },
  {
    franchise: 'Sousou no Frieren',
    title: 'Frieren: Beyond Journey’s End',
    shikimoriId: 52991,
    anilistId: 154587,
    characters: ['Frieren', 'Fern', 'Stark', 'Himmel', 'Heiter', 'Eisen'],
  },
  {
    franchise: 'Cowboy Bebop',
    title: 'Cowboy Bebop',
    shikimoriId: 1,
    anilistId: 1,
    characters: ['Spike Spiegel', 'Faye Valentine', 'Jet Black', 'Edward Wong', 'Vicious', 'Ein'],
  },
  {
    franchise: 'Evangelion',
    title: 'Neon Genesis Evangelion',
    shikimoriId: 30,
    anilistId: 30,
    characters: [
      'Shinji Ikari',
      'Rei Ayanami',
      'Asuka Langley Soryu',
      'Misato Katsuragi',
      'Kaworu Nagisa',
      'Gendo Ikari',
    ],
  },
  {
    franchise: 'Spy x Family',
    title: 'Spy x Family',
    shikimoriId: 50265,
    anilistId: 140960,
    characters: ['Loid Forger', 'Yor Forger', 'Anya Forger', 'Bond Forger', 'Franky Franklin'],
  },
  {
    franchise: 'Mob Psycho 100',
    title: 'Mob Psycho 100',
    shikimoriId: 32182,
    anilistId: 21507,
    characters: ['Shigeo Kageyama', 'Arataka Reigen', 'Dimple', 'Ritsu Kageyama'],
  },
  {
    franchise: 'Violet Evergarden',
    title: 'Violet Evergarden',
    shikimoriId: 33352,
    anilistId: 21827,
    characters: ['Violet Evergarden', 'Gilbert Bougainvillea', 'Claudia Hodgins'],
  },
];
