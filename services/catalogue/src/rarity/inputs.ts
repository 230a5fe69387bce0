import { randomUUID } from 'node:crypto';
import { inventoryCardStats } from '@acg/contracts';
import { type Bus, type Db, type Logger, UnavailableError, unpackInts } from '@acg/platform';
import { asc, sql } from 'drizzle-orm';
import { cards, ranks } from '../db/schema';
import type { RankThreshold } from './formulas';

/** Per-card figures, each list indexed by card id (a card inventory did not list reads 0). */
export interface CardFigures {
  activeOwners: Int32Array;
  owners: Int32Array;
  copies: Int32Array;
  likes: Int32Array;
}
const FIGURES = ['activeOwners', 'owners', 'copies', 'likes'] as const;

export interface CardRow {
  id: number;
  rarityScore: number;
  rankId: number;
}
export type RankRow = RankThreshold & { title: string };

/** Where the figures come from and how a read reports how far it got. */
export interface FigureSource {
  db: Pick<Db, 'select'>;
  bus: Pick<Bus, 'request'>;
  logger: Logger;
  activeDays: number;
  /** Card ids per inventory.card-stats page. */
  pageSize: number;
  progress?: { done: number; total: number };
}

/**
 * Step 1 of a run, the inputs from inventory: per-card figures and the number of active players,
 * page by page (inventory.card-stats), all pages of one snapshot (one run id; rules §37). With
 * `scoresOnly` inventory may leave all but the active owners empty. Inventory not answering is a
 * 503 naming `inventory_unavailable`, before anything changed.
 */
export async function readFigures(
  source: FigureSource,
  opts: { scoresOnly: boolean } = { scoresOnly: false },
): Promise<{ figures: CardFigures; activePlayers: number }> {
  const { pageSize, progress } = source;
  const [{ max = 0 } = {}] = await source.db
    .select({ max: sql<number>`coalesce(max(${cards.id}), 0)::int` })
    .from(cards);
  const figures: CardFigures = {
    activeOwners: new Int32Array(max + 1),
    owners: new Int32Array(max + 1),
    copies: new Int32Array(max + 1),
    likes: new Int32Array(max + 1),
  };
  let activePlayers = 0;
  if (progress) {
    progress.total = Math.ceil(max / pageSize);
    progress.done = 0;
  }
  const runId = randomUUID();
  for (let after = 0; after < max; after += pageSize) {
    let page: Awaited<ReturnType<typeof inventoryCardStats.response.parse>>;
    try {
      page = await source.bus.request(inventoryCardStats, {
        afterCardId: after,
        span: pageSize,
        activeDays: source.activeDays,
        runId,
        release: after + pageSize >= max,
        packed: true,
        scoresOnly: opts.scoresOnly,
      });
    } catch (err) {
      source.logger.warn({ err }, 'inventory could not give card figures');
      throw new UnavailableError('Inventory cannot give the ownership figures right now; nothing changed', {
        reason: 'inventory_unavailable',
      });
    }
    activePlayers = page.activePlayers;
    // Packed when inventory knows `packed`; arrays from one that predates it. A list left
    // empty (with scoresOnly, all but the active owners) is all zeros.
    const packed = page.packed;
    const ids = packed ? unpackInts(packed.cardIds) : page.cardIds;
    for (const key of FIGURES) {
      const list = packed ? unpackInts(packed[key]) : page[key];
      for (let i = 0; i < list.length; i++) if (ids[i]! <= max) figures[key][ids[i]!] = list[i]!;
    }
    if (progress) progress.done += 1;
  }
  return { figures, activePlayers };
}

/**
 * Every card's id, score and rank, in id order, as one row of bytes (16 per card: int4 id,
 * int4 rank, float8 score) rather than 80,000 rows to parse into objects: the read runs while
 * inventory builds its snapshot, on the same cores.
 */
export async function readCards(db: Pick<Db, 'execute'>): Promise<CardRow[]> {
  const [row] = (
    await db.execute<{ cards: Buffer | null }>(sql`
      select string_agg(int4send(id) || int4send(rank_id) || float8send(rarity_score), ''::bytea order by id)
        as cards
      from ${cards}`)
  ).rows;
  const bytes = row?.cards ?? Buffer.alloc(0);
  return Array.from({ length: bytes.length / 16 }, (_, i) => ({
    id: bytes.readInt32BE(i * 16),
    rankId: bytes.readInt32BE(i * 16 + 4),
    rarityScore: bytes.readDoubleBE(i * 16 + 8),
  }));
}

/** The ranks, lowest first, with their thresholds. */
export const readRanks = (db: Pick<Db, 'select'>): Promise<RankRow[]> =>
  db
    .select({
      id: ranks.id,
      code: ranks.code,
      title: ranks.title,
      sortOrder: ranks.sortOrder,
      threshold: ranks.threshold,
    })
    .from(ranks)
    .orderBy(asc(ranks.sortOrder), asc(ranks.id));
