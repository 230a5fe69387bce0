import { type Database, type Db, packInts, type Tx } from '@acg/platform';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { cardStatsRuns, cardStatsSnapshots, entries, likes } from '../db/schema';

/** A snapshot whose run never read its last page is dropped when a later run builds one after this. */
export const CARD_STATS_SNAPSHOT_TTL_MINUTES = 60;
/** The advisory lock class that serialises the pages of one run (its key is the run id's hash). */
const SNAPSHOT_LOCK_CLASS = 0x6373_7473; // "csts"

/** The per-card figure lists of a page, in card id order. */
interface FigureLists {
  cardIds: number[];
  activeOwners: number[];
  owners: number[];
  copies: number[];
  likes: number[];
}
const FIGURE_KEYS = ['cardIds', 'activeOwners', 'owners', 'copies', 'likes'] as const;

export interface CardStatsPage extends FigureLists {
  /** The lists as packInts text when the caller asked `packed` (the arrays are empty then). */
  packed?: Record<keyof FigureLists, string>;
  activePlayers: number;
  maxCardId: number;
}
type StatsRow = {
  card_id: number;
  active_owners: number;
  owners: number;
  copies: number;
  likes: number;
};

type Totals = Pick<CardStatsPage, 'activePlayers' | 'maxCardId'>;

/**
 * The page's lists as the caller asked for them: packed (packInts text, the arrays empty; with
 * scoresOnly the lists that are all zeros are sent empty) or as arrays.
 */
function answer(
  lists: FigureLists,
  totals: Totals,
  opts: { packed?: boolean; scoresOnly?: boolean },
): CardStatsPage {
  if (!opts.packed) return { ...lists, ...totals };
  const zeros = new Set<string>(opts.scoresOnly ? ['owners', 'copies', 'likes'] : []);
  const texts = Object.fromEntries(FIGURE_KEYS.map((k) => [k, zeros.has(k) ? '' : packInts(lists[k])]));
  return {
    cardIds: [],
    activeOwners: [],
    owners: [],
    copies: [],
    likes: [],
    packed: texts as Record<keyof FigureLists, string>,
    ...totals,
  };
}

/**
 * Players with a copy gained or moved within `activeDays` (each counted once). The cut-off is a
 * sub-select, computed once: written inline, `now() - interval` is evaluated for every row.
 */
const activePlayersCte = (activeDays: number) => sql`
  select user_id from ${entries}
  where updated_at >= (select now() - make_interval(days => ${activeDays})) and quantity > 0
  group by user_id`;

/** The entries table's qualified name, for the statistics look-up. */
const ENTRIES_TABLE = (({ schema, name }) => `${schema}.${name}`)(getTableConfig(entries));

/** Below this estimated share of all-visible entry pages, owners are counted by hashing. */
export const INDEX_ONLY_MIN_VISIBLE = 0.8;

/**
 * How a snapshot counts every card's owners: 'index' (in card order from the covering index)
 * while an estimated INDEX_ONLY_MIN_VISIBLE of the entries' pages are all-visible, else 'hash'
 * (one pass over the table). The estimate: the share all-visible at the last vacuum, times the
 * share of pages that no update since is likely to have touched (updates spread over the pages
 * at random: exp(-dead rows / pages)). Statistics any role may read; a table never vacuumed
 * counts as not visible.
 */
export async function ownerCountPath(db: Pick<Db, 'execute'>): Promise<'index' | 'hash'> {
  const [row] = (
    await db.execute<{ visible: number | null }>(sql`
      select (c.relallvisible::float8 / nullif(c.relpages, 0))
        * exp(-least(coalesce(s.n_dead_tup, 0)::float8 / greatest(c.relpages, 1), 50)) as visible
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = to_regclass(${ENTRIES_TABLE})`)
  ).rows;
  return Number(row?.visible ?? 0) >= INDEX_ONLY_MIN_VISIBLE ? 'index' : 'hash';
}

/**
 * Per-card ownership and likes for cards in (after, after + span], computed for this page alone:
 * the active players (a full pass), these cards' entries joined with them, their likes, and the
 * totals (another full pass). The answer to a page asked without a run id.
 */
export async function cardStatsPage(
  db: Pick<Db, 'execute'>,
  after: number,
  span: number,
  activeDays: number,
  packed = false,
): Promise<CardStatsPage> {
  const rows = await db.execute<StatsRow>(sql`
    with active as materialized (${activePlayersCte(activeDays)}), owned as (
      select e.card_id,
        count(*) filter (where a.user_id is not null)::int as active_owners,
        count(*)::int as owners,
        sum(e.quantity)::int as copies
      from ${entries} e left join active a on a.user_id = e.user_id
      where e.quantity > 0 and e.card_id > ${after} and e.card_id <= ${after + span}
      group by e.card_id
    ), liked as (
      select card_id, count(*)::int as likes from ${likes}
      where card_id > ${after} and card_id <= ${after + span}
      group by card_id
    )
    select coalesce(o.card_id, l.card_id) as card_id, coalesce(o.active_owners, 0) as active_owners,
      coalesce(o.owners, 0) as owners, coalesce(o.copies, 0) as copies, coalesce(l.likes, 0) as likes
    from owned o full join liked l on l.card_id = o.card_id
    order by 1`);
  const [totals] = (
    await db.execute<{ active_players: number; max_card_id: number }>(sql`
      select
        (select count(distinct user_id)::int from ${entries}
          where updated_at >= (select now() - make_interval(days => ${activeDays})) and quantity > 0) as active_players,
        (select coalesce(max(card_id), 0)::int from ${entries}) as max_card_id`)
  ).rows;
  const list = rows.rows;
  return answer(
    {
      cardIds: list.map((r) => r.card_id),
      activeOwners: list.map((r) => r.active_owners),
      owners: list.map((r) => r.owners),
      copies: list.map((r) => r.copies),
      likes: list.map((r) => r.likes),
    },
    { activePlayers: totals?.active_players ?? 0, maxCardId: totals?.max_card_id ?? 0 },
    { packed },
  );
}

type SnapshotRun = { active_players: number; max_card_id: number; chunk_span: number; scores_only: boolean };

/**
 * Builds run `runId`'s snapshot of every card in one statement (the run's first page; see
 * cardStatsSnapshotPage), dropping runs older than the snapshot TTL first.
 */
async function buildSnapshot(
  tx: Tx,
  opts: { runId: string; span: number; activeDays: number; scoresOnly: boolean },
): Promise<SnapshotRun | undefined> {
  const { runId, span, activeDays, scoresOnly } = opts;
  await tx.execute(sql`
    with stale as (
      delete from ${cardStatsRuns}
      where created_at < now() - make_interval(mins => ${CARD_STATS_SNAPSHOT_TTL_MINUTES})
      returning run_id
    )
    delete from ${cardStatsSnapshots} where run_id in (select run_id from stale)`);
  // The per-card hash aggregate of a large catalogue outgrows the default 4 MB and would spill;
  // the hashed set of active players must fit too (at 64 MB, a few million players), or the
  // planner would fall back to scanning the set for every entry. The full join's estimate
  // (millions of rows) would have the statement JIT-compiled: ~0.5 s of compiling for ~0.25 s
  // of work at 1M entries, so no JIT.
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
  // Every card's owners counted in card order from entries_card_owners_idx alone (an
  // index-only scan feeding a sorted aggregate) instead of hashing every row: at 1M entries
  // 270-390 ms against 540-690 ms. The planner prices the hash aggregate lower, so it is
  // turned off for this transaction (the other groupings here are over sorted chunks or the
  // small likes table). Only while the table's pages are mostly all-visible: each page
  // changed since the last vacuum costs a heap visit per row (every page changed: 1.2 s).
  if ((await ownerCountPath(tx)) === 'index') await tx.execute(sql`set local enable_hashagg = off`);
  // The active owners are counted with the hashed set as a filter over the one pass (written
  // as a semi-join, the planner, which cannot estimate the set, probes the entries index once
  // per active player: twice as slow). Scores only: nothing else is counted, no likes pass.
  const owned = sql`
    select e.card_id,
      (count(*) filter (where e.user_id in (select user_id from active)))::int as active_owners${
        scoresOnly ? sql`` : sql`, count(*)::int as owners, sum(e.quantity)::int as copies`
      }
    from ${entries} e
    where e.quantity > 0
    group by e.card_id`;
  const figures = scoresOnly
    ? owned
    : sql`
        select coalesce(o.card_id, l.card_id) as card_id, coalesce(o.active_owners, 0) as active_owners,
          coalesce(o.owners, 0) as owners, coalesce(o.copies, 0) as copies, coalesce(l.likes, 0) as likes
        from (${owned}) o full join (
          select card_id, count(*)::int as likes from ${likes} group by card_id
        ) l on l.card_id = o.card_id`;
  const [built] = (
    await tx.execute<SnapshotRun>(sql`
      with active as materialized (${activePlayersCte(activeDays)}), figures as (${figures}
      ), stats as (
        insert into ${cardStatsSnapshots} (run_id, chunk, figures)
        select ${runId}, (card_id - 1) / ${span}::int, string_agg(${sql.raw(
          snapshotColumns(scoresOnly)
            .map((column) => `int4send(${column})`)
            .join(' || '),
        )}, ''::bytea order by card_id)
        from figures
        group by 2
      )
      insert into ${cardStatsRuns} (run_id, active_players, max_card_id, chunk_span, scores_only)
      select ${runId}, (select count(*)::int from active),
        (select coalesce(max(card_id), 0)::int from ${entries}), ${span}::int, ${scoresOnly}
      returning active_players, max_card_id, chunk_span, scores_only`)
  ).rows;
  return built;
}

/**
 * A page of run `runId`'s snapshot (docs/rules.md §37). The run's first page builds the snapshot
 * of every card in one statement: the active players (from the recent-moves index), one pass
 * for the per-card aggregate (the active players as a hashed set, no join) and, unless
 * `scoresOnly`, one over the likes; the figures go into the unlogged `card_stats_snapshots` in
 * chunks of this page's span, each chunk big-endian int4 per card (no text to format or parse):
 * its id and active owners, and unless scoresOnly its owners, copies and likes. Every page then reads the one or two chunks its range falls in. `release` (the run's last page) drops the run's rows
 * after reading. Pages of one run are serialised by an advisory lock, so a page asked twice at
 * once builds once.
 */
export async function cardStatsSnapshotPage(
  database: Database,
  opts: {
    runId: string;
    after: number;
    span: number;
    activeDays: number;
    release?: boolean;
    packed?: boolean;
    /** Only the active owners (inventoryCardStats' `scoresOnly`); the page that builds decides. */
    scoresOnly?: boolean;
  },
): Promise<CardStatsPage> {
  const { runId, after, span, activeDays } = opts;
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SNAPSHOT_LOCK_CLASS}, hashtext(${runId}))`);
    let [run] = (
      await tx.execute<SnapshotRun>(sql`
        select active_players, max_card_id, chunk_span, scores_only from ${cardStatsRuns} where run_id = ${runId}`)
    ).rows;
    run ??= await buildSnapshot(tx, { runId, span, activeDays, scoresOnly: opts.scoresOnly ?? false });
    const chunkSpan = run?.chunk_span ?? span;
    const chunks = await tx.execute<{ figures: Buffer }>(sql`
      select figures from ${cardStatsSnapshots}
      where run_id = ${runId}
        and chunk between ${Math.floor(after / chunkSpan)} and ${Math.floor((after + span - 1) / chunkSpan)}
      order by chunk`);
    const totals: Totals = { activePlayers: run?.active_players ?? 0, maxCardId: run?.max_card_id ?? 0 };
    if (opts.release) await release(tx, runId);
    const scoresOnly = run?.scores_only ?? false;
    const lists = listsOf(
      chunks.rows.map((c) => c.figures),
      scoresOnly,
      after,
      span,
    );
    return answer(lists, totals, { packed: opts.packed, scoresOnly });
  });
}

/** The columns of a snapshot chunk, an int4 each per card, in order. */
const snapshotColumns = (scoresOnly: boolean) =>
  scoresOnly ? ['card_id', 'active_owners'] : ['card_id', 'active_owners', 'owners', 'copies', 'likes'];

/**
 * The figures of the cards in (after, after + span] from snapshot chunks: per card its id and
 * active owners, then (unless scoresOnly: those are 0) owners, copies and likes, as int4.
 */
function listsOf(chunks: Buffer[], scoresOnly: boolean, after: number, span: number): FigureLists {
  const lists: FigureLists = { cardIds: [], activeOwners: [], owners: [], copies: [], likes: [] };
  const size = snapshotColumns(scoresOnly).length * 4;
  for (const bytes of chunks)
    for (let at = 0; at + size <= bytes.length; at += size) {
      const id = bytes.readInt32BE(at);
      if (id <= after || id > after + span) continue;
      lists.cardIds.push(id);
      lists.activeOwners.push(bytes.readInt32BE(at + 4));
      lists.owners.push(scoresOnly ? 0 : bytes.readInt32BE(at + 8));
      lists.copies.push(scoresOnly ? 0 : bytes.readInt32BE(at + 12));
      lists.likes.push(scoresOnly ? 0 : bytes.readInt32BE(at + 16));
    }
  return lists;
}

/** Drops run `runId`'s snapshot (its last page has read it). */
async function release(tx: Pick<Db, 'execute'>, runId: string) {
  await tx.execute(sql`delete from ${cardStatsSnapshots} where run_id = ${runId}`);
  await tx.execute(sql`delete from ${cardStatsRuns} where run_id = ${runId}`);
}
