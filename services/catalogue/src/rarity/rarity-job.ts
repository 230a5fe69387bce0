import { randomUUID } from 'node:crypto';
import { CARD_STATS_PAGE, type EventEnvelope, inventoryCardStats } from '@acg/contracts';
import {
  AppError,
  type Bus,
  type Database,
  enqueue,
  type Logger,
  UnavailableError,
  unpackInts,
} from '@acg/platform';
import { asc, desc, sql } from 'drizzle-orm';
import type { CatalogueCaches } from '../caches';
import { cards, outbox, RARITY_HISTORY_BLOCK, ranks, rarityHistory, rarityRuns } from '../db/schema';
import { type RarityChange, writeRarityChanges } from '../repository/rarity-writes';
import {
  correlation,
  forceFix,
  likeBuckets,
  mean,
  median,
  percentileThresholds,
  type RankThreshold,
  rankFor,
  rarityScore,
  round2,
  smartThresholds,
} from './formulas';

export type RarityMethod = 'scores' | 'smart' | 'percentile';
export interface StepStats {
  updated: number;
  total: number;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The first 100 changed card ids. */
  updatedIds: number[];
}
export interface RunResult {
  rarityScores: StepStats;
  cardRanks: StepStats;
  totalDuration: number;
  method: RarityMethod;
}
export interface Progress {
  running: boolean;
  phase: 'idle' | 'reading' | 'scoring' | 'writing';
  done: number;
  total: number;
  startedAt: string | null;
}

/** Per-card figures, each list indexed by card id (a card inventory did not list reads 0). */
interface CardFigures {
  activeOwners: Int32Array;
  owners: Int32Array;
  copies: Int32Array;
  likes: Int32Array;
}
const FIGURES = ['activeOwners', 'owners', 'copies', 'likes'] as const;

/** The lock every replica's recalculation takes, so only one runs at a time (rules §37). */
const RARITY_LOCK = 0x7261_7269; // "rari"

/**
 * The rarity recalculation and the rank analyses (spec 2 §2.7, §3, §7; docs/rules.md §37).
 * Ownership comes from inventory over the bus (inventory.card-stats, page by page); scores,
 * thresholds and ranks are computed here and written in one transaction with the card events
 * of every card whose score or rank changed, a history row per changed score, the run record and
 * its audit event.
 */
export function createRarityJob(deps: {
  database: Database;
  bus: Bus;
  caches: CatalogueCaches;
  logger: Logger;
  activeDays: number;
  onEventsWritten?: () => void;
  /** Card ids per inventory.card-stats page (tests make it small to read many pages). */
  pageSize?: number;
}) {
  const { database, bus } = deps;
  const pageSize = deps.pageSize ?? CARD_STATS_PAGE;
  const db = database.db;
  const progress: Progress = { running: false, phase: 'idle', done: 0, total: 0, startedAt: null };

  /** Per-card figures from inventory, and the number of active players. */
  async function readFigures(
    opts: { scoresOnly: boolean } = { scoresOnly: false },
  ): Promise<{ figures: CardFigures; activePlayers: number }> {
    const [{ max = 0 } = {}] = await db
      .select({ max: sql<number>`coalesce(max(${cards.id}), 0)::int` })
      .from(cards);
    const figures: CardFigures = {
      activeOwners: new Int32Array(max + 1),
      owners: new Int32Array(max + 1),
      copies: new Int32Array(max + 1),
      likes: new Int32Array(max + 1),
    };
    let activePlayers = 0;
    progress.total = Math.ceil(max / pageSize);
    progress.done = 0;
    // One snapshot per read: inventory builds it in one pass on the first page (rules §37).
    const runId = randomUUID();
    for (let after = 0; after < max; after += pageSize) {
      let page: Awaited<
        ReturnType<typeof bus.request<typeof inventoryCardStats.request, typeof inventoryCardStats.response>>
      >;
      try {
        page = await bus.request(inventoryCardStats, {
          afterCardId: after,
          span: pageSize,
          activeDays: deps.activeDays,
          runId,
          release: after + pageSize >= max,
          packed: true,
          scoresOnly: opts.scoresOnly,
        });
      } catch (err) {
        deps.logger.warn({ err }, 'inventory could not give card figures');
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
      progress.done += 1;
    }
    return { figures, activePlayers };
  }

  /**
   * Every card's id, score and rank, in id order, as one row of bytes (16 per card: int4 id,
   * int4 rank, float8 score) rather than 80,000 rows to parse into objects: the read runs while
   * inventory builds its snapshot, on the same cores.
   */
  const readCards = async (): Promise<Array<{ id: number; rarityScore: number; rankId: number }>> => {
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
  };
  const readRanks = async (): Promise<Array<RankThreshold & { title: string }>> =>
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

  const none = (at: Date): StepStats => ({
    updated: 0,
    total: 0,
    startedAt: at.toISOString(),
    finishedAt: at.toISOString(),
    durationMs: 0,
    updatedIds: [],
  });

  /**
   * Recalculates every card's score; with `smart` or `percentile` also sets the rank thresholds
   * from the new scores and moves each card to the rank its score reaches.
   */
  async function run(opts: {
    type: 'auto' | 'manual';
    method: RarityMethod;
    audit?: (r: RunResult) => EventEnvelope;
  }) {
    if (progress.running)
      throw new AppError(409, 'conflict', 'A rarity recalculation is already running', {
        reason: 'already_running',
      });
    progress.running = true;
    progress.startedAt = new Date().toISOString();
    const t0 = performance.now();
    try {
      progress.phase = 'reading';
      // The cards are read while inventory builds its snapshot (they do not depend on each other);
      // scores need only the active players holding each card.
      const [{ figures, activePlayers }, list] = await Promise.all([
        readFigures({ scoresOnly: true }),
        readCards(),
      ]);
      // Without active players every card scores the same: rank updates would flatten the catalogue.
      if (opts.method !== 'scores' && activePlayers === 0)
        throw new AppError(
          409,
          'conflict',
          `No player has been active in the last ${deps.activeDays} days, so every card would score the same; the ranks are left as they are`,
          { reason: 'no_active_players', activeDays: deps.activeDays },
        );
      progress.phase = 'scoring';
      const scoreStart = new Date();
      const scores = list.map((c) => rarityScore(figures.activeOwners[c.id] ?? 0, activePlayers));
      const changedScores = list.flatMap((c, i) =>
        round2(c.rarityScore) === scores[i] ? [] : [{ id: c.id, score: scores[i]! }],
      );
      const scoreEnd = new Date();

      let thresholds: Array<{ id: number; threshold: number }> = [];
      let rankChanges: Array<{ id: number; rankId: number }> = [];
      const rankList = await readRanks();
      const rankStart = new Date();
      if (opts.method !== 'scores' && rankList.length > 0) {
        const values =
          opts.method === 'smart'
            ? smartThresholds(scores, rankList.length)
            : percentileThresholds(scores, rankList.length);
        thresholds = rankList.map((r, i) => ({ id: r.id, threshold: values[i]! }));
        const withNew = rankList.map((r, i) => ({ ...r, threshold: values[i]! }));
        rankChanges = list.flatMap((c, i) => {
          const target = rankFor(scores[i]!, withNew);
          return target && target.id !== c.rankId ? [{ id: c.id, rankId: target.id }] : [];
        });
      }

      progress.phase = 'writing';
      const result: RunResult = {
        rarityScores: {
          updated: changedScores.length,
          total: list.length,
          startedAt: scoreStart.toISOString(),
          finishedAt: scoreEnd.toISOString(),
          durationMs: scoreEnd.getTime() - scoreStart.getTime(),
          updatedIds: changedScores.slice(0, 100).map((c) => c.id),
        },
        cardRanks: none(rankStart),
        totalDuration: 0,
        method: opts.method,
      };
      let written = 0;
      await database.transaction(async (tx) => {
        const [lock] = (
          await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${RARITY_LOCK}) as ok`)
        ).rows;
        if (!lock?.ok)
          throw new AppError(
            409,
            'conflict',
            'A rarity recalculation is already running on another replica',
            {
              reason: 'already_running',
            },
          );
        for (const t of thresholds)
          await tx.update(ranks).set({ threshold: t.threshold }).where(sql`${ranks.id} = ${t.id}`);
        // The scores, ranks, history rows and the cards.updated events of every card whose score
        // or rank changed, in one statement (after the thresholds: the events carry the ranks).
        const changes = new Map<number, RarityChange>();
        for (const c of changedScores) changes.set(c.id, { id: c.id, score: c.score, rankId: null });
        for (const c of rankChanges)
          changes.set(c.id, { id: c.id, score: changes.get(c.id)?.score ?? null, rankId: c.rankId });
        written += await writeRarityChanges(tx, [...changes.values()]);
        const rankEnd = new Date();
        result.cardRanks = {
          updated: rankChanges.length,
          total: opts.method === 'scores' ? 0 : list.length,
          startedAt: rankStart.toISOString(),
          finishedAt: rankEnd.toISOString(),
          durationMs: rankEnd.getTime() - rankStart.getTime(),
          updatedIds: rankChanges.slice(0, 100).map((c) => c.id),
        };
        result.totalDuration = Math.round(performance.now() - t0);
        await tx.insert(rarityRuns).values({ type: opts.type, method: opts.method, result });
        if (opts.audit) {
          await enqueue(tx, outbox, opts.audit(result));
          written += 1;
        }
      });
      await deps.caches.invalidate('ranks', 'characters', 'cards');
      if (written > 0) deps.onEventsWritten?.();
      return result;
    } finally {
      progress.running = false;
      progress.phase = 'idle';
    }
  }

  /** The last run (spec 2 §3 "Last recalculation stats"), or null before any. */
  async function lastRun() {
    const [row] = await db
      .select()
      .from(rarityRuns)
      .orderBy(desc(rarityRuns.at), desc(rarityRuns.id))
      .limit(1);
    if (!row) return null;
    const r = row.result as RunResult;
    return {
      type: row.type,
      at: row.at.toISOString(),
      rarityScores: r.rarityScores,
      cardRanks: r.cardRanks,
      totalDuration: r.totalDuration,
      method: r.method,
    };
  }

  /** Rank analysis (spec 2 §3), 2 decimals. */
  async function analysis() {
    const [{ figures }, list, rankList] = await Promise.all([readFigures(), readCards(), readRanks()]);
    const scores = list.map((c) => c.rarityScore);
    const owners = list.map((c) => figures.owners[c.id] ?? 0);
    const totalOwned = owners.reduce((a, b) => a + b, 0);
    return {
      totalCards: list.length,
      rarityScoreStats: {
        mean: round2(mean(scores)),
        median: round2(median(scores)),
        min: round2(scores.length ? Math.min(...scores) : 0),
        max: round2(scores.length ? Math.max(...scores) : 0),
      },
      rankDistribution: rankList.map((r) => {
        const mine = list.flatMap((c, i) => (c.rankId === r.id ? [i] : []));
        return {
          code: r.code,
          title: r.title,
          threshold: r.threshold,
          cardCount: mine.length,
          percentage: list.length ? round2((100 * mine.length) / list.length) : 0,
          avgOwnership: round2(mean(mine.map((i) => owners[i]!))),
        };
      }),
      ownershipAnalysis: {
        totalOwned,
        avgOwnershipPerCard: list.length ? round2(totalOwned / list.length) : 0,
        correlation: correlation(scores, owners),
      },
    };
  }

  /** Likes analysis (spec 2 §3), 2 decimals, top 10 liked. */
  async function likesAnalysis() {
    const [{ figures }, list, rankList] = await Promise.all([readFigures(), readCards(), readRanks()]);
    const likes = list.map((c) => figures.likes[c.id] ?? 0);
    const owners = list.map((c) => figures.owners[c.id] ?? 0);
    const scores = list.map((c) => c.rarityScore);
    const totalLikes = likes.reduce((a, b) => a + b, 0);
    const top = list
      .map((c, i) => ({
        id: c.id,
        likes: likes[i]!,
        uniqueOwners: owners[i]!,
        rarityScore: round2(scores[i]!),
      }))
      .filter((c) => c.likes > 0)
      .sort((a, b) => b.likes - a.likes || a.id - b.id)
      .slice(0, 10)
      .map((c) => ({ ...c, likesPerOwner: c.uniqueOwners ? round2(c.likes / c.uniqueOwners) : c.likes }));
    return {
      totalLikes,
      cardsWithLikes: likes.filter((n) => n > 0).length,
      totalCards: list.length,
      averageLikesPerCard: list.length ? round2(totalLikes / list.length) : 0,
      maxLikes: likes.length ? Math.max(...likes) : 0,
      likeDistribution: likeBuckets(likes),
      correlationAnalysis: {
        likesVsRarityScore: correlation(likes, scores),
        likesVsOwnership: correlation(likes, owners),
        rarityScoreVsOwnership: correlation(scores, owners),
      },
      topLikedCards: top,
      rankAnalysis: rankList.map((r) => {
        const mine = list.flatMap((c, i) => (c.rankId === r.id ? [i] : []));
        return {
          code: r.code,
          cardCount: mine.length,
          averageLikes: round2(mean(mine.map((i) => likes[i]!))),
          averageRarityScore: round2(mean(mine.map((i) => scores[i]!))),
          averageOwnership: round2(mean(mine.map((i) => owners[i]!))),
        };
      }),
    };
  }

  /** Makes the thresholds strictly increasing over the scores that exist (spec 2 §2.7). */
  async function fixThresholds(audit: (before: unknown, after: unknown) => EventEnvelope) {
    const [list, rankList] = await Promise.all([readCards(), readRanks()]);
    const fixed = forceFix(
      rankList.map((r) => r.threshold),
      list.map((c) => c.rarityScore),
    );
    const changes = rankList.map((r, i) => ({
      code: r.code,
      id: r.id,
      before: r.threshold,
      after: fixed.thresholds[i]!,
    }));
    await database.transaction(async (tx) => {
      for (const c of changes)
        if (c.before !== c.after)
          await tx.update(ranks).set({ threshold: c.after }).where(sql`${ranks.id} = ${c.id}`);
      await enqueue(
        tx,
        outbox,
        audit(
          Object.fromEntries(changes.map((c) => [c.code, c.before])),
          Object.fromEntries(changes.map((c) => [c.code, c.after])),
        ),
      );
    });
    await deps.caches.invalidate('ranks');
    deps.onEventsWritten?.();
    return {
      uniqueScores: fixed.uniqueScores,
      ranks: changes.map(({ code, before, after }) => ({
        code,
        before,
        after,
        threshold: after,
        changed: before !== after,
      })),
    };
  }

  /** A card's score history, newest first (additive): its entries in its block's rows. */
  const history = async (cardId: number) => {
    const rows = await db.execute<{ score: number; at: number }>(sql`
      select h.scores[i] as score, (extract(epoch from h.at) * 1000)::float8 as at
      from ${rarityHistory} h cross join lateral array_position(h.card_ids, ${cardId}::int) as i
      where h.block = ${Math.floor(cardId / RARITY_HISTORY_BLOCK)} and i is not null
      order by h.at desc
      limit 200`);
    return rows.rows.map((r) => ({ score: r.score, at: new Date(r.at) }));
  };

  return { run, lastRun, analysis, likesAnalysis, fixThresholds, history, progress: () => ({ ...progress }) };
}

export type RarityJob = ReturnType<typeof createRarityJob>;
