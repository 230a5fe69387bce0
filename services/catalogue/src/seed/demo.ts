import { cardCreated } from '@acg/contracts';
import { type Database, enqueue, type Logger, makeEvent } from '@acg/platform';
import { count } from 'drizzle-orm';
import { anime, animeCharacters, cards, characters, franchises, outbox, ranks, seasons } from '../db/schema';
import { findCardSummaries } from '../repository/cards';

/** Rank ladder from E (lowest) to X (highest) with the design system's colours. */
export const DEMO_RANKS = [
  { code: 'E', title: 'Common', color: '#9e9e9e', threshold: 0 },
  { code: 'D', title: 'Uncommon', color: '#4caf50', threshold: 10 },
  { code: 'C', title: 'Rare', color: '#2196f3', threshold: 25 },
  { code: 'B', title: 'Epic', color: '#9c27b0', threshold: 45 },
  { code: 'A', title: 'Legendary', color: '#ff9800', threshold: 65 },
  { code: 'S', title: 'Mythic', color: '#f44336', threshold: 80 },
  { code: 'SS', title: 'Divine', color: '#e91e63', threshold: 90 },
  { code: 'SSS', title: 'Celestial', color: '#ffd700', threshold: 96 },
  { code: 'X', title: 'Exclusive', color: '#00e5ff', threshold: 99 },
] as const;

const DEMO_ANIME = [
  {
    franchise: 'Fullmetal Alchemist',
    title: 'Fullmetal Alchemist: Brotherhood',
    shikimoriId: 5114,
    anilistId: 5114,
    characters: [
      { name: 'Edward Elric', altname: 'エドワード・エルリック', shikimoriId: 11, anilistId: 11, rank: 'S' },
      {
        name: 'Alphonse Elric',
        altname: 'アルフォンス・エルリック',
        shikimoriId: 12,
        anilistId: 12,
        rank: 'A',
      },
      { name: 'Roy Mustang', altname: 'ロイ・マスタング', shikimoriId: 68, anilistId: 68, rank: 'B' },
    ],
  },
  {
    franchise: 'Steins;Gate',
    title: 'Steins;Gate',
    shikimoriId: 9253,
    anilistId: 9253,
    characters: [
      { name: 'Rintarou Okabe', altname: '岡部倫太郎', shikimoriId: 35252, anilistId: 35252, rank: 'SS' },
      { name: 'Kurisu Makise', altname: '牧瀬紅莉栖', shikimoriId: 34470, anilistId: 34470, rank: 'S' },
    ],
  },
  {
    franchise: 'Sousou no Frieren',
    title: 'Frieren: Beyond Journey’s End',
    shikimoriId: 52991,
    anilistId: 154587,
    characters: [
      { name: 'Frieren', altname: 'フリーレン', shikimoriId: 184947, anilistId: 176754, rank: 'SSS' },
      { name: 'Fern', altname: 'フェルン', shikimoriId: 187393, anilistId: 176755, rank: 'C' },
      { name: 'Stark', altname: 'シュタルク', shikimoriId: 187394, anilistId: 176756, rank: 'D' },
    ],
  },
  {
    franchise: 'Cowboy Bebop',
    title: 'Cowboy Bebop',
    shikimoriId: 1,
    anilistId: 1,
    characters: [
      { name: 'Spike Spiegel', altname: 'スパイク・スピーゲル', shikimoriId: 1, anilistId: 1, rank: 'A' },
      { name: 'Faye Valentine', altname: 'フェイ・ヴァレンタイン', shikimoriId: 2, anilistId: 2, rank: 'C' },
      { name: 'Jet Black', altname: 'ジェット・ブラック', shikimoriId: 3, anilistId: 3, rank: 'D' },
      { name: 'Edward Wong', altname: 'エドワード・ウォン', shikimoriId: 16, anilistId: 16, rank: 'E' },
    ],
  },
  {
    franchise: 'Evangelion',
    title: 'Neon Genesis Evangelion',
    shikimoriId: 30,
    anilistId: 30,
    characters: [
      { name: 'Shinji Ikari', altname: '碇シンジ', shikimoriId: 89, anilistId: 89, rank: 'C' },
      { name: 'Rei Ayanami', altname: '綾波レイ', shikimoriId: 86, anilistId: 86, rank: 'B' },
      {
        name: 'Asuka Langley Soryu',
        altname: '惣流・アスカ・ラングレー',
        shikimoriId: 94,
        anilistId: 94,
        rank: 'A',
      },
      { name: 'Misato Katsuragi', altname: '葛城ミサト', shikimoriId: 88, anilistId: 88, rank: 'D' },
    ],
  },
  {
    franchise: 'Spy x Family',
    title: 'Spy x Family',
    shikimoriId: 50265,
    anilistId: 140960,
    characters: [
      {
        name: 'Loid Forger',
        altname: 'ロイド・フォージャー',
        shikimoriId: 170256,
        anilistId: 170256,
        rank: 'B',
      },
      {
        name: 'Yor Forger',
        altname: 'ヨル・フォージャー',
        shikimoriId: 170257,
        anilistId: 170257,
        rank: 'A',
      },
      {
        name: 'Anya Forger',
        altname: 'アーニャ・フォージャー',
        shikimoriId: 170258,
        anilistId: 170258,
        rank: 'X',
      },
      {
        name: 'Bond Forger',
        altname: 'ボンド・フォージャー',
        shikimoriId: 170259,
        anilistId: 170259,
        rank: 'E',
      },
    ],
  },
];

/** Seeds ranks and a small demo catalogue once (when the catalogue has no ranks yet). */
export async function seedDemoCatalogue(database: Database, logger?: Logger): Promise<void> {
  await database.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(ranks);
    if ((existing?.n ?? 0) > 0) return;
    const rankRows = await tx
      .insert(ranks)
      .values(DEMO_RANKS.map((r, i) => ({ ...r, sortOrder: i })))
      .returning({ id: ranks.id, code: ranks.code });
    const rankId = new Map(rankRows.map((r) => [r.code, r.id]));
    const cardIds: number[] = [];
    const characterIds = new Map<string, number>();
    for (const a of DEMO_ANIME) {
      const [f] = await tx.insert(franchises).values({ title: a.franchise }).returning({ id: franchises.id });
      const [an] = await tx
        .insert(anime)
        .values({ title: a.title, shikimoriId: a.shikimoriId, anilistId: a.anilistId, franchiseId: f!.id })
        .returning({ id: anime.id });
      for (const c of a.characters) {
        const [ch] = await tx
          .insert(characters)
          .values({ name: c.name, altname: c.altname, shikimoriId: c.shikimoriId, anilistId: c.anilistId })
          .returning({ id: characters.id });
        await tx.insert(animeCharacters).values({ animeId: an!.id, characterId: ch!.id });
        const [card] = await tx
          .insert(cards)
          .values({ characterId: ch!.id, rankId: rankId.get(c.rank)!, limited: false })
          .returning({ id: cards.id });
        cardIds.push(card!.id);
        characterIds.set(c.name, ch!.id);
      }
    }
    // Two seasons around the day of seeding, each with one limited card: the current one can
    // be dropped, the past one no longer.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [current, past] = await tx
      .insert(seasons)
      .values([
        { title: 'Winter Festival', startDate: day(-30), endDate: day(60) },
        { title: 'Summer Matsuri', startDate: day(-400), endDate: day(-300) },
      ])
      .returning({ id: seasons.id });
    for (const [name, rank, seasonId] of [
      ['Frieren', 'X', current!.id],
      ['Anya Forger', 'SS', past!.id],
    ] as const) {
      const [card] = await tx
        .insert(cards)
        .values({ characterId: characterIds.get(name)!, rankId: rankId.get(rank)!, limited: true, seasonId })
        .returning({ id: cards.id });
      cardIds.push(card!.id);
    }
    // Announced like any new card, so inventory's read model knows them.
    for (const summary of await findCardSummaries(tx, cardIds)) {
      await enqueue(tx, outbox, makeEvent(cardCreated, summary));
    }
    logger?.info('demo catalogue seeded');
  });
}
