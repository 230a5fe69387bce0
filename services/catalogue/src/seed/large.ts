import type { CardSummary } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { asc, count } from 'drizzle-orm';
import { anime, animeCharacters, cards, characters, franchises, ranks } from '../db/schema';
import { findCardSummaries } from '../repository/cards';
import { DEMO_RANKS } from './demo-catalogue';

const SYLLABLES = [
  'ka',
  'ri',
  'to',
  'mi',
  'sa',
  'ne',
  'yu',
  'ko',
  'ha',
  'ru',
  'shi',
  'na',
  'mo',
  'ai',
  'zu',
  'ren',
  'ki',
  'ya',
];
const word = (n: number, parts: number) => {
  let s = '';
  for (let i = 0; i < parts; i++) s += SYLLABLES[Math.floor(n / SYLLABLES.length ** i) % SYLLABLES.length];
  return s[0]!.toUpperCase() + s.slice(1);
};

/** Rank of the n-th card: mostly low ranks, a few high ones (like a real catalogue). */
const RANK_SHARES = [30, 22, 16, 12, 8, 6, 3, 2, 1];
function rankFor(n: number): number {
  const total = RANK_SHARES.reduce((a, b) => a + b, 0);
  let point = (n * 7919) % total;
  for (let i = 0; i < RANK_SHARES.length; i++) {
    if (point < RANK_SHARES[i]!) return i;
    point -= RANK_SHARES[i]!;
  }
  return 0;
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** `animeCount` anime, four to a franchise, and `characterCount` characters; answers their ids. */
async function insertAnimeAndCharacters(db: Database['db'], animeCount: number, characterCount: number) {
  const franchiseIds = (
    await db
      .insert(franchises)
      .values(
        Array.from({ length: Math.ceil(animeCount / 4) }, (_, i) => ({
          title: `${word(i + 7, 3)} Saga ${i}`,
        })),
      )
      .returning({ id: franchises.id })
  ).map((f) => f.id);
  const animeIds: number[] = [];
  await inBatches(
    Array.from({ length: animeCount }, (_, i) => ({
      title: `${word(i + 11, 3)} no ${word(i * 3 + 5, 2)} ${i}`,
      shikimoriId: 100_000 + i,
      anilistId: 200_000 + i,
      franchiseId: franchiseIds[Math.floor(i / 4)]!,
    })),
    2000,
    async (batch) =>
      animeIds.push(...(await db.insert(anime).values(batch).returning({ id: anime.id })).map((a) => a.id)),
  );

  const characterIds: number[] = [];
  await inBatches(
    Array.from({ length: characterCount }, (_, i) => ({
      name: `${word(i, 3)} ${word(i * 7 + 3, 2)}`,
      altname: `${word(i * 13 + 1, 2)}`,
      description: `Character ${i} of the benchmark catalogue.`,
      shikimoriId: 1_000_000 + i,
      anilistId: 2_000_000 + i,
    })),
    4000,
    async (batch) =>
      characterIds.push(
        ...(await db.insert(characters).values(batch).returning({ id: characters.id })).map((c) => c.id),
      ),
  );
  return { animeIds, characterIds };
}

/**
 * A large catalogue for benchmarks: `anime` anime in franchises, `characters` characters with
 * deterministic names (each in one or two anime), `cardsPerCharacter` cards each across the rank
 * ladder. Bulk inserts without events (nothing else is running); returns every card summary so
 * the benchmark can seed inventories from it. Expects an empty catalogue.
 */
export async function seedLargeCatalogue(
  database: Database,
  opts: { characters?: number; cardsPerCharacter?: number; anime?: number } = {},
): Promise<CardSummary[]> {
  const characterCount = opts.characters ?? 20_000;
  const perCharacter = opts.cardsPerCharacter ?? 3;
  const animeCount = opts.anime ?? 2_000;
  const { db } = database;
  const [existing] = await db.select({ n: count() }).from(characters);
  if ((existing?.n ?? 0) > 0) throw new Error('seedLargeCatalogue expects an empty catalogue');

  await db
    .insert(ranks)
    .values(DEMO_RANKS.map((r, i) => ({ ...r, sortOrder: i })))
    .onConflictDoNothing();
  // E … X: rankFor() picks by ladder position.
  const rankIds = (
    await db.select({ id: ranks.id }).from(ranks).orderBy(asc(ranks.sortOrder), asc(ranks.id))
  ).map((r) => r.id);

  const { animeIds, characterIds } = await insertAnimeAndCharacters(db, animeCount, characterCount);
  const links = characterIds.flatMap((characterId, i) => {
    const first = animeIds[i % animeIds.length]!;
    const second = animeIds[(i * 31 + 7) % animeIds.length]!;
    return i % 5 === 0 && second !== first
      ? [
          { animeId: first, characterId },
          { animeId: second, characterId },
        ]
      : [{ animeId: first, characterId }];
  });
  await inBatches(links, 10_000, (batch) => db.insert(animeCharacters).values(batch).onConflictDoNothing());

  const cardIds: number[] = [];
  const cardRows = characterIds.flatMap((characterId, i) =>
    Array.from({ length: perCharacter }, (_, k) => ({
      characterId,
      rankId: rankIds[rankFor(i * perCharacter + k)]!,
      limited: false,
      rarityScore: ((i * 37 + k * 11) % 1000) / 10,
    })),
  );
  await inBatches(cardRows, 8000, async (batch) =>
    cardIds.push(...(await db.insert(cards).values(batch).returning({ id: cards.id })).map((c) => c.id)),
  );
  // Fresh statistics, and a visibility map so the rank filter's look-ups stay index-only.
  await database.pool.query(
    'vacuum analyze catalogue.characters, catalogue.cards, catalogue.anime_characters',
  );

  const summaries: CardSummary[] = [];
  for (let i = 0; i < cardIds.length; i += 1000)
    summaries.push(...(await findCardSummaries(db, cardIds.slice(i, i + 1000))));
  return summaries;
}
