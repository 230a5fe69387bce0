import type { EventEnvelope } from '@acg/contracts';
import { AppError, type Db, enqueue, NotFoundError, type Tx } from '@acg/platform';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { cards, outbox, type RevisionThreshold, rankRevisions, ranks } from '../db/schema';
import { writeRarityChanges } from '../repository/rarity-writes';
import type { RankUpdate } from './plan';

/** How many revisions the rarity screen lists. */
export const REVISIONS_LISTED = 20;

/** The lock every replica's rarity write takes, so only one runs at a time (rules §37). */
export const RARITY_LOCK = 0x7261_7269; // "rari"

/** Takes the rarity lock for the transaction; held elsewhere, a 409 `already_running`. */
export async function takeRarityLock(tx: Pick<Tx, 'execute'>): Promise<void> {
  const [row] = (
    await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${RARITY_LOCK}) as ok`)
  ).rows;
  if (!row?.ok)
    throw new AppError(409, 'conflict', 'A rarity recalculation is already running on another replica', {
      reason: 'already_running',
    });
}

/** Every rank's threshold, locked for the rest of the transaction. */
export const thresholdsNow = async (tx: Pick<Tx, 'select'>): Promise<RevisionThreshold[]> =>
  tx
    .select({ id: ranks.id, code: ranks.code, threshold: ranks.threshold })
    .from(ranks)
    .orderBy(asc(ranks.sortOrder), asc(ranks.id))
    .for('update');

/** The ranks of these cards now (cards gone are left out), locked for the rest of the transaction. */
export async function cardRanksNow(
  tx: Pick<Tx, 'execute'>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.execute<{ ids: number[] | null; ranks: number[] | null }>(sql`
    select array_agg(id order by id) as ids, array_agg(rank_id order by id) as ranks
    from (select id, rank_id from ${cards} where id = any(${sql.param([...ids])}::int[]) order by id for update) c`);
  const row = rows.rows[0];
  return new Map((row?.ids ?? []).map((id, i) => [id, row!.ranks![i]!]));
}

export interface RevisionWrite {
  kind: RankUpdate | 'undo';
  actorId: number | null;
  undoOf?: number;
  thresholdsBefore: RevisionThreshold[];
  thresholdsAfter: RevisionThreshold[];
  moved: ReadonlyArray<{ id: number; before: number; after: number }>;
}

/** Stores a revision (in the caller's transaction); answers its id. */
export async function insertRevision(tx: Pick<Tx, 'insert'>, r: RevisionWrite): Promise<number> {
  const moved = [...r.moved].sort((a, b) => a.id - b.id);
  const [row] = await tx
    .insert(rankRevisions)
    .values({
      actorId: r.actorId,
      kind: r.kind,
      undoOf: r.undoOf ?? null,
      thresholdsBefore: r.thresholdsBefore,
      thresholdsAfter: r.thresholdsAfter,
      cardIds: moved.map((m) => m.id),
      ranksBefore: moved.map((m) => m.before),
      ranksAfter: moved.map((m) => m.after),
    })
    .returning({ id: rankRevisions.id });
  return row!.id;
}

/** Sets the thresholds that differ from what the ranks have now. */
export async function setThresholds(
  tx: Pick<Tx, 'update'>,
  now: readonly RevisionThreshold[],
  wanted: ReadonlyArray<{ id: number; threshold: number | null }>,
): Promise<RevisionThreshold[]> {
  const current = new Map(now.map((t) => [t.id, t]));
  for (const w of wanted)
    if (current.has(w.id) && current.get(w.id)!.threshold !== w.threshold)
      await tx.update(ranks).set({ threshold: w.threshold }).where(eq(ranks.id, w.id));
  const after = new Map(wanted.map((w) => [w.id, w.threshold]));
  return now.map((t) => ({ ...t, threshold: after.has(t.id) ? after.get(t.id)! : t.threshold }));
}

export interface UndoOutcome {
  revision: number;
  undoRevision: number;
  kind: string;
  /** Cards put back into the rank they had before the revision. */
  restored: number;
  /** Of those, cards whose rank had changed again since the revision (a later update or edit). */
  changedSince: number;
  /** Cards the revision moved that are gone, or whose earlier rank is gone: left as they are. */
  skipped: number;
  thresholds: Array<{ code: string; before: number | null; after: number | null }>;
}

/** The revision to undo, locked; a missing one is a 404, an undone one a 409. */
async function revisionToUndo(tx: Tx, id: number) {
  const [rev] = await tx.select().from(rankRevisions).where(eq(rankRevisions.id, id)).for('update');
  if (!rev) throw new NotFoundError('Rank revision not found', { reason: 'revision_not_found', id });
  if (rev.undoneAt)
    throw new AppError(409, 'conflict', 'This rank revision has already been undone', {
      reason: 'revision_undone',
      id,
      undoneIn: rev.undoneIn,
    });
  return rev;
}

/**
 * Undoes a revision in the caller's transaction (rules, rank revisions): every threshold back to
 * what it was before it (ranks since deleted aside), every card it moved back to its earlier rank
 * (cards since deleted, or whose earlier rank is gone, aside), with their card events; the undo
 * is itself a revision (so it can be undone in turn), the revision is marked undone, and the
 * audit event is written.
 */
export async function undoRevision(
  tx: Tx,
  id: number,
  actorId: number | null,
  audit: (o: UndoOutcome) => EventEnvelope,
): Promise<UndoOutcome> {
  await takeRarityLock(tx);
  const rev = await revisionToUndo(tx, id);
  const now = await thresholdsNow(tx);
  const rankIds = new Set(now.map((t) => t.id));
  const current = await cardRanksNow(tx, rev.cardIds);
  const moved = rev.cardIds.flatMap((cardId, i) => {
    const rank = current.get(cardId);
    const before = rev.ranksBefore[i]!;
    return rank === undefined || !rankIds.has(before) ? [] : [{ id: cardId, before: rank, after: before }];
  });
  const changedSince = rev.cardIds.filter(
    (cardId, i) => current.has(cardId) && current.get(cardId) !== rev.ranksAfter[i],
  ).length;
  const thresholdsAfter = await setThresholds(tx, now, rev.thresholdsBefore);
  const changes = moved.filter((m) => m.before !== m.after);
  await writeRarityChanges(
    tx,
    changes.map((m) => ({ id: m.id, score: null, rankId: m.after })),
  );
  const undoId = await insertRevision(tx, {
    kind: 'undo',
    actorId,
    undoOf: id,
    thresholdsBefore: now,
    thresholdsAfter,
    moved: changes,
  });
  await tx
    .update(rankRevisions)
    .set({ undoneAt: new Date(), undoneBy: actorId, undoneIn: undoId })
    .where(eq(rankRevisions.id, id));
  const outcome: UndoOutcome = {
    revision: id,
    undoRevision: undoId,
    kind: rev.kind,
    restored: moved.length,
    changedSince,
    skipped: rev.cardIds.length - moved.length,
    thresholds: now.map((t, i) => ({
      code: t.code,
      before: t.threshold,
      after: thresholdsAfter[i]!.threshold,
    })),
  };
  await enqueue(tx, outbox, audit(outcome));
  return outcome;
}

/** The latest revisions, newest first, for the rarity screen. */
export async function listRevisions(db: Pick<Db, 'select'>) {
  const rows = await db
    .select({
      id: rankRevisions.id,
      at: rankRevisions.at,
      actorId: rankRevisions.actorId,
      kind: rankRevisions.kind,
      undoOf: rankRevisions.undoOf,
      cardsMoved: sql<number>`cardinality(${rankRevisions.cardIds})::int`,
      thresholdsBefore: rankRevisions.thresholdsBefore,
      thresholdsAfter: rankRevisions.thresholdsAfter,
      undoneAt: rankRevisions.undoneAt,
      undoneBy: rankRevisions.undoneBy,
      undoneIn: rankRevisions.undoneIn,
    })
    .from(rankRevisions)
    .orderBy(desc(rankRevisions.id))
    .limit(REVISIONS_LISTED);
  return rows.map(({ thresholdsBefore, thresholdsAfter, ...r }) => ({
    ...r,
    at: r.at.toISOString(),
    undoneAt: r.undoneAt?.toISOString() ?? null,
    thresholds: thresholdsBefore.map((t) => ({
      code: t.code,
      before: t.threshold,
      after: thresholdsAfter.find((a) => a.id === t.id)?.threshold ?? t.threshold,
    })),
  }));
}
