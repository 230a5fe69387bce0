import type { Tx } from '@acg/platform';
import { eq, type SQL, sql } from 'drizzle-orm';
import { anime, animeCharacters, cards, characters, ranks, seasons } from '../db/schema';
import { refreshSearchKeys } from './search-keys';

/** The writes behind CatalogueEditor; each takes the editor's transaction. */

export type CardRow = typeof cards.$inferInsert;
export type CharacterPatch = Partial<Omit<typeof characters.$inferInsert, 'id' | 'createdAt'>>;
type CharacterSet = { [K in keyof CharacterPatch]: CharacterPatch[K] | SQL };
export type RankPatch = Partial<Omit<typeof ranks.$inferInsert, 'id' | 'code'>>;
export type SeasonPatch = Partial<Omit<typeof seasons.$inferInsert, 'id'>>;
export type AnimeRow = Omit<typeof anime.$inferInsert, 'id' | 'createdAt'>;

/** Locks a row for the rest of the transaction: edits of one card, character or rank queue up. */
export async function lockRow(tx: Tx, table: 'cards' | 'characters' | 'ranks' | 'seasons', id: number) {
  const t = { cards, characters, ranks, seasons }[table];
  const rows = await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
  return rows.length > 0;
}

export async function rankIdByCode(tx: Tx, code: string): Promise<number | undefined> {
  return (await tx.select({ id: ranks.id }).from(ranks).where(eq(ranks.code, code)))[0]?.id;
}

export async function insertCard(tx: Tx, row: CardRow): Promise<number> {
  const [card] = await tx.insert(cards).values(row).returning({ id: cards.id });
  return card!.id;
}

export async function updateCardRow(tx: Tx, id: number, patch: Partial<CardRow>): Promise<void> {
  if (Object.keys(patch).length > 0) await tx.update(cards).set(patch).where(eq(cards.id, id));
}

export async function deleteCardRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(cards).where(eq(cards.id, id));
}

/**
 * An edit of the primary name or description is the English one from then on: a stored English
 * text would otherwise keep showing (rules §57). Names changed: the search key follows.
 */
export async function updateCharacterRow(tx: Tx, id: number, patch: CharacterPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  const set: CharacterSet = { ...patch };
  if (patch.name !== undefined && patch.names === undefined) set.names = sql`${characters.names} - 'en'`;
  if (patch.description !== undefined && patch.descriptions === undefined)
    set.descriptions = sql`${characters.descriptions} - 'en'`;
  await tx.update(characters).set(set).where(eq(characters.id, id));
  if (patch.name !== undefined || patch.altname !== undefined || patch.names !== undefined)
    await refreshSearchKeys(tx, [id]);
}

/** Deletes a character; its cards and anime links go with it (foreign keys cascade). */
export async function deleteCharacterRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(characters).where(eq(characters.id, id));
}

export async function updateRankRow(tx: Tx, id: number, patch: RankPatch): Promise<void> {
  if (Object.keys(patch).length > 0) await tx.update(ranks).set(patch).where(eq(ranks.id, id));
}

export async function updateSeasonRow(tx: Tx, id: number, patch: SeasonPatch): Promise<void> {
  if (Object.keys(patch).length > 0) await tx.update(seasons).set(patch).where(eq(seasons.id, id));
}

export async function insertAnime(tx: Tx, row: AnimeRow, characterIds: number[]): Promise<number> {
  const [created] = await tx.insert(anime).values(row).returning({ id: anime.id });
  if (characterIds.length > 0)
    await tx
      .insert(animeCharacters)
      .values(characterIds.map((characterId) => ({ animeId: created!.id, characterId })))
      .onConflictDoNothing();
  return created!.id;
}
