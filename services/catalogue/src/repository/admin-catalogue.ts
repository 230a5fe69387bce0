import type { Db, Tx } from '@acg/platform';
import { and, asc, count, desc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import { anime, animeCharacters, cards, characters, franchises, ranks, seasons } from '../db/schema';
import { characterSearchKey } from './search-keys';

type Reader = Pick<Db, 'select' | 'selectDistinct'>;
export interface Page {
  limit?: number;
  offset?: number;
}
const paged = <T extends { limit(n: number): T; offset(n: number): T }>(q: T, page: Page) =>
  page.limit === undefined ? q : q.limit(page.limit).offset(page.offset ?? 0);

/** Escapes LIKE wildcards so a search text is matched literally. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// --- lists (requirements C7) ---

export const listFranchises = (db: Reader) =>
  db.select({ id: franchises.id, title: franchises.title }).from(franchises).orderBy(desc(franchises.id));

export const searchFranchises = (db: Reader, q: string, limit = 20) =>
  db
    .select({ id: franchises.id, title: franchises.title })
    .from(franchises)
    .where(ilike(franchises.title, likeText(q)))
    .orderBy(asc(franchises.title))
    .limit(limit);

export async function findFranchiseByTitle(db: Reader, title: string) {
  const [row] = await db
    .select({ id: franchises.id, title: franchises.title })
    .from(franchises)
    .where(sql`lower(${franchises.title}) = lower(${title})`);
  return row;
}

export const listAnime = (db: Reader) =>
  db
    .select({
      id: anime.id,
      title: anime.title,
      shikimoriId: anime.shikimoriId,
      anilistId: anime.anilistId,
      franchise_id: anime.franchiseId,
      franchiseTitle: franchises.title,
    })
    .from(anime)
    .leftJoin(franchises, eq(franchises.id, anime.franchiseId))
    .orderBy(desc(anime.id));

export async function findAnimeBy(
  db: Reader,
  by: { id?: number; shikimoriId?: number; anilistId?: number; title?: string },
) {
  const conditions = [
    by.id === undefined ? undefined : eq(anime.id, by.id),
    by.shikimoriId === undefined ? undefined : eq(anime.shikimoriId, by.shikimoriId),
    by.anilistId === undefined ? undefined : eq(anime.anilistId, by.anilistId),
    by.title === undefined ? undefined : sql`lower(${anime.title}) = lower(${by.title})`,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select({ id: anime.id, title: anime.title, franchiseTitle: franchises.title })
    .from(anime)
    .leftJoin(franchises, eq(franchises.id, anime.franchiseId))
    .where(or(...conditions))
    .limit(1);
  return row;
}

export const listCharacters = (db: Reader, opts: { animeId?: number } & Page) =>
  paged(
    db
      .select({
        id: characters.id,
        name: characters.name,
        altname: characters.altname,
        shikimoriId: characters.shikimoriId,
        anilistId: characters.anilistId,
        description: characters.description,
        imageUrl: characters.imageUrl,
      })
      .from(characters)
      .where(
        opts.animeId === undefined
          ? undefined
          : inArray(
              characters.id,
              db
                .select({ id: animeCharacters.characterId })
                .from(animeCharacters)
                .where(eq(animeCharacters.animeId, opts.animeId)),
            ),
      )
      .orderBy(desc(characters.id))
      .$dynamic(),
    opts,
  );

export async function findCharacterByExternal(db: Reader, field: 'shikimoriId' | 'anilistId', value: number) {
  const [row] = await db
    .select({
      id: characters.id,
      name: characters.name,
      shikimoriId: characters.shikimoriId,
      anilistId: characters.anilistId,
    })
    .from(characters)
    .where(eq(characters[field], value));
  return row;
}

/** Every character as the import preview matches against them (issue 28). */
export const listCharactersForMatching = (db: Reader) =>
  db
    .select({
      id: characters.id,
      name: characters.name,
      altname: characters.altname,
      anilistId: characters.anilistId,
      shikimoriId: characters.shikimoriId,
    })
    .from(characters);

export const characterIdsOfAnime = async (db: Reader, animeId: number) =>
  new Set(
    (
      await db
        .select({ id: animeCharacters.characterId })
        .from(animeCharacters)
        .where(eq(animeCharacters.animeId, animeId))
    ).map((r) => r.id),
  );

/** Every rank, lowest first (the member area's list; the admin screens show the same). */
export { listRanks } from './ranks';

export const listSeasons = (db: Reader) =>
  db
    .select({ id: seasons.id, title: seasons.title, startDate: seasons.startDate, endDate: seasons.endDate })
    .from(seasons)
    .orderBy(desc(seasons.startDate), desc(seasons.id));

export const listCards = (db: Reader, opts: { characterId?: number; rankId?: number } & Page) =>
  paged(
    db
      .select({
        id: cards.id,
        character_id: cards.characterId,
        rank_id: cards.rankId,
        season_id: cards.seasonId,
        limited: cards.limited,
        imageUrl: cards.imageUrl,
        rarityScore: cards.rarityScore,
        characterName: characters.name,
        rankCode: ranks.code,
        rankTitle: ranks.title,
        rankColor: ranks.color,
        seasonTitle: seasons.title,
      })
      .from(cards)
      .innerJoin(characters, eq(characters.id, cards.characterId))
      .innerJoin(ranks, eq(ranks.id, cards.rankId))
      .leftJoin(seasons, eq(seasons.id, cards.seasonId))
      .where(
        and(
          opts.characterId === undefined ? undefined : eq(cards.characterId, opts.characterId),
          opts.rankId === undefined ? undefined : eq(cards.rankId, opts.rankId),
        ),
      )
      .orderBy(desc(cards.id))
      .$dynamic(),
    opts,
  );

export async function countCards(db: Reader, opts: { characterId?: number; rankId?: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(cards)
    .where(
      and(
        opts.characterId === undefined ? undefined : eq(cards.characterId, opts.characterId),
        opts.rankId === undefined ? undefined : eq(cards.rankId, opts.rankId),
      ),
    );
  return row?.n ?? 0;
}

// --- writes (inside the editor's transaction) ---

export async function insertFranchise(tx: Tx, title: string) {
  const [row] = await tx
    .insert(franchises)
    .values({ title })
    .returning({ id: franchises.id, title: franchises.title });
  return row!;
}

export async function renameFranchise(tx: Tx, id: number, title: string) {
  const [before] = await tx.select().from(franchises).where(eq(franchises.id, id)).for('update');
  if (!before) return undefined;
  await tx.update(franchises).set({ title }).where(eq(franchises.id, id));
  return { before: { id, title: before.title }, after: { id, title } };
}

export async function deleteFranchiseRow(tx: Tx, id: number) {
  const [row] = await tx
    .delete(franchises)
    .where(eq(franchises.id, id))
    .returning({ id: franchises.id, title: franchises.title });
  return row;
}

export async function deleteAnimeRow(tx: Tx, id: number) {
  const [row] = await tx
    .delete(anime)
    .where(eq(anime.id, id))
    .returning({ id: anime.id, title: anime.title });
  return row;
}

export async function insertCharacter(tx: Tx, row: typeof characters.$inferInsert) {
  const [created] = await tx
    .insert(characters)
    .values({ ...row, searchKey: characterSearchKey(row) })
    .returning();
  return created!;
}

export async function findCharacter(db: Reader, id: number) {
  const [row] = await db.select().from(characters).where(eq(characters.id, id));
  return row;
}

export const linkCharacters = (tx: Tx, animeId: number, characterIds: number[]) =>
  characterIds.length === 0
    ? Promise.resolve()
    : tx
        .insert(animeCharacters)
        .values(characterIds.map((characterId) => ({ animeId, characterId })))
        .onConflictDoNothing()
        .then(() => undefined);

export const cardIdsOfCharacters = async (db: Reader, characterIds: number[]) =>
  characterIds.length === 0
    ? []
    : (await db.select({ id: cards.id }).from(cards).where(inArray(cards.characterId, characterIds))).map(
        (r) => r.id,
      );

export async function insertRank(tx: Tx, row: typeof ranks.$inferInsert) {
  const [created] = await tx.insert(ranks).values(row).returning();
  return created!;
}

/** An edit of a rank's fields; answers the rank as it is now, or undefined when there is none. */
export async function updateRank(tx: Tx, id: number, patch: Partial<typeof ranks.$inferInsert>) {
  const [row] = await tx.update(ranks).set(patch).where(eq(ranks.id, id)).returning();
  return row;
}

/** An edit of a season's fields; answers the season as it is now, or undefined when there is none. */
export async function updateSeason(tx: Tx, id: number, patch: Partial<typeof seasons.$inferInsert>) {
  const [row] = await tx.update(seasons).set(patch).where(eq(seasons.id, id)).returning({
    id: seasons.id,
    title: seasons.title,
    startDate: seasons.startDate,
    endDate: seasons.endDate,
  });
  return row;
}

export async function deleteRankRow(tx: Tx, id: number) {
  const [row] = await tx.delete(ranks).where(eq(ranks.id, id)).returning();
  return row;
}

export async function insertSeason(tx: Tx, row: typeof seasons.$inferInsert) {
  const [created] = await tx.insert(seasons).values(row).returning();
  return created!;
}

export async function deleteSeasonRow(tx: Tx, id: number) {
  const [row] = await tx.delete(seasons).where(eq(seasons.id, id)).returning();
  return row;
}

export async function cardCountOf(db: Reader, column: 'rankId' | 'seasonId', id: number) {
  const [row] = await db.select({ n: count() }).from(cards).where(eq(cards[column], id));
  return row?.n ?? 0;
}

/** Characters of an anime that have no card of the rank yet (bulk add by anime is idempotent). */
export async function charactersWithoutCard(db: Reader, animeIds: number[] | 'all', rankId: number) {
  const base = db
    .selectDistinct({ characterId: animeCharacters.characterId })
    .from(animeCharacters)
    .where(
      and(
        animeIds === 'all' ? undefined : inArray(animeCharacters.animeId, animeIds),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cards)
            .where(and(eq(cards.characterId, animeCharacters.characterId), eq(cards.rankId, rankId))),
        ),
      ),
    );
  return (await base).map((r) => r.characterId);
}

export async function charactersOfAnime(db: Reader, animeIds: number[] | 'all') {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${animeCharacters.characterId})::int` })
    .from(animeCharacters)
    .where(animeIds === 'all' ? undefined : inArray(animeCharacters.animeId, animeIds));
  return row?.n ?? 0;
}

export const animeCount = async (db: Reader) => (await db.select({ n: count() }).from(anime))[0]?.n ?? 0;

/** One multi-row insert of a card of `rankId` for each character; returns the new ids. */
export async function insertCardsFor(
  tx: Tx,
  characterIds: number[],
  rankId: number,
  seasonId: number | null,
) {
  if (characterIds.length === 0) return [];
  const rows = await tx
    .insert(cards)
    .values(
      characterIds.map((characterId) => ({ characterId, rankId, seasonId, limited: seasonId !== null })),
    )
    .returning({ id: cards.id });
  return rows.map((r) => r.id);
}
