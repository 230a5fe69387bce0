import type { AnimeSource } from '@acg/contracts';
import type { Database } from '@acg/platform';
import type { PoolClient } from 'pg';
import {
  type IndexedAnilist,
  type IndexedShikimori,
  keyOfAnilist,
  keyOfShikimori,
  latin,
  titlesOf,
} from './records';

/** One indexed anime with what each site said of it. */
export interface IndexedAnime {
  key: string;
  shikimori: IndexedShikimori | null;
  anilist: IndexedAnilist | null;
  shikimoriDetailAt: Date | null;
  anilistDetailAt: Date | null;
}

export interface IndexMatch extends IndexedAnime {
  similarity: number;
}

/** How many results a search shows at most. */
export const RESULTS_LIMIT = 20;

const ANIME_COLUMNS = 'a.key, a.shikimori, a.anilist, a.shikimori_detail_at, a.anilist_detail_at';
type Row = {
  key: string;
  shikimori: IndexedShikimori | null;
  anilist: IndexedAnilist | null;
  shikimori_detail_at: Date | null;
  anilist_detail_at: Date | null;
};
const fromRow = (r: Row): IndexedAnime => ({
  key: r.key,
  shikimori: r.shikimori,
  anilist: r.anilist,
  shikimoriDetailAt: r.shikimori_detail_at,
  anilistDetailAt: r.anilist_detail_at,
});

/** One site's record to write: its key, the record, whether it is a detail. */
interface Write {
  key: string;
  source: AnimeSource;
  record: IndexedShikimori | IndexedAnilist;
  detail: boolean;
}

type Pool = Database['pool'];

/** Writes the records in one transaction. */
async function write(pool: Pool, items: Write[]): Promise<void> {
  if (items.length === 0) return;
  // One transaction, rows in key order: two writers of overlapping lists never deadlock.
  const sorted = [...items].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const item of sorted) await writeOne(client, item);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * An AniList entry first stored alone (`al:<id>`, no MyAnimeList id then) that now carries one
 * joins the row of that id: kept under its new key when there is none yet, else moved into
 * it with what was read of it (the other row is removed, titles and all).
 */
async function joinByMal(client: PoolClient, key: string, record: IndexedAnilist): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    'select id from anime where anilist_id = $1 and key <> $2 for update',
    [record.id, key],
  );
  const alone = rows[0];
  if (!alone) return;
  const target = await client.query('select id from anime where key = $1 for update', [key]);
  if (target.rows.length === 0) {
    await client.query('update anime set key = $2, mal_id = $3 where id = $1', [alone.id, key, record.idMal]);
    return;
  }
  await client.query(
    `with gone as (
       delete from anime where id = $1
       returning anilist, anilist_at, anilist_detail_at, popularity
     )
     update anime t set
       anilist = coalesce(t.anilist, gone.anilist),
       anilist_at = coalesce(t.anilist_at, gone.anilist_at),
       anilist_detail_at = coalesce(t.anilist_detail_at, gone.anilist_detail_at),
       popularity = greatest(t.popularity, gone.popularity)
     from gone where t.key = $2`,
    [alone.id, key],
  );
}

async function writeOne(client: PoolClient, { key, source, record, detail }: Write) {
  const s = source === 'shikimori';
  const idColumn = s ? 'shikimori_id' : 'anilist_id';
  const at = s ? 'shikimori_at' : 'anilist_at';
  const detailAt = s ? 'shikimori_detail_at' : 'anilist_detail_at';
  const malId = s ? record.id : (record as IndexedAnilist).idMal;
  const popularity = s ? null : (record as IndexedAnilist).popularity;
  if (!s && malId !== null) await joinByMal(client, key, record as IndexedAnilist);
  // A list item never erases what a detail added (jsonb ||: the newer keys win, the others stay).
  const { rows } = await client.query<Row & { id: number }>(
    `insert into anime (key, mal_id, ${idColumn}, ${source}, ${at}, ${detailAt}, popularity, refreshed_at)
     values ($1, $2, $3, $4::jsonb, now(), case when $5 then now() end, coalesce($6, 0), now())
     on conflict (key) do update set
       mal_id = coalesce(excluded.mal_id, anime.mal_id),
       ${idColumn} = excluded.${idColumn},
       ${source} = coalesce(anime.${source}, '{}'::jsonb) || excluded.${source},
       ${at} = now(),
       ${detailAt} = case when $5 then now() else anime.${detailAt} end,
       popularity = coalesce($6, anime.popularity),
       refreshed_at = least(coalesce(anime.shikimori_at, now()), coalesce(anime.anilist_at, now()), now())
     returning id, key, shikimori, anilist, shikimori_detail_at, anilist_detail_at`,
    [key, malId, record.id, JSON.stringify(record), detail, popularity],
  );
  const row = rows[0]!;
  const titles = titlesOf(row.shikimori, row.anilist);
  await client.query('delete from anime_titles where anime_id = $1 and not (title = any($2))', [
    row.id,
    titles,
  ]);
  await client.query(
    'insert into anime_titles (anime_id, title) select $1, unnest($2::text[]) on conflict do nothing',
    [row.id, titles],
  );
}

/**
 * The best matches of a search text: similarity of the best title (0–1) ranks first, then
 * popularity (AniList's members, log-scaled, adds at most 0.05), then Shikimori's score.
 */
async function search(pool: Pool, q: string, limit: number): Promise<IndexMatch[]> {
  const typed = q.normalize('NFKC');
  const { rows } = await pool.query<Row & { similarity: number }>(
    `select ${ANIME_COLUMNS}, m.similarity
     from matching_anime($1, $2) m join anime a on a.id = m.anime_id
     order by m.similarity + 0.05 * least(1, ln(1 + a.popularity) / ln(1000001)) desc,
       (a.shikimori->>'score')::real desc nulls last, a.key
     limit $3`,
    [typed, latin(typed), limit],
  );
  return rows.map((r) => ({ ...fromRow(r), similarity: Number(r.similarity) }));
}

/** The anime of a page id: a Shikimori (MyAnimeList) id, or `al-<n>` for an AniList id. */
async function byPageId(
  pool: Pool,
  page: { service: string; id: number },
): Promise<IndexedAnime | undefined> {
  const where = page.service === 'anilist' ? 'a.anilist_id = $1' : '(a.shikimori_id = $1 or a.key = $2)';
  const { rows } = await pool.query<Row>(
    `select ${ANIME_COLUMNS} from anime a where ${where} limit 1`,
    page.service === 'anilist' ? [page.id] : [page.id, keyOfShikimori(page.id)],
  );
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** Writes the searches counted since the last flush, in one statement (texts in order). */
async function flushSearches(pool: Pool, counted: Map<string, number>): Promise<void> {
  if (counted.size === 0) return;
  const batch = [...counted].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  counted.clear();
  try {
    await pool.query(
      `insert into searches (query, hits, last_at)
       select q, h, now() from unnest($1::text[], $2::int[]) as t(q, h)
       on conflict (query) do update set hits = searches.hits + excluded.hits, last_at = now()`,
      [batch.map(([q]) => q), batch.map(([, h]) => h)],
    );
  } catch (err) {
    // Counted again with the next flush.
    for (const [q, h] of batch) counted.set(q, (counted.get(q) ?? 0) + h);
    throw err;
  }
}

/** When each site was last asked this search text (absent: never). */
async function askedAt(pool: Pool, query: string): Promise<Partial<Record<AnimeSource, Date>>> {
  const { rows } = await pool.query<{ shikimori_at: Date | null; anilist_at: Date | null }>(
    'select shikimori_at, anilist_at from searches where query = $1',
    [query],
  );
  const r = rows[0];
  return {
    ...(r?.shikimori_at ? { shikimori: r.shikimori_at } : {}),
    ...(r?.anilist_at ? { anilist: r.anilist_at } : {}),
  };
}

/** Notes that `source` answered this search text now. */
async function markAsked(pool: Pool, query: string, source: AnimeSource): Promise<void> {
  const column = source === 'shikimori' ? 'shikimori_at' : 'anilist_at';
  await pool.query(
    `insert into searches (query, hits, ${column}) values ($1, 0, now())
     on conflict (query) do update set ${column} = now()`,
    [query],
  );
}

/** The most searched texts a site has not been asked for `olderThanMs` (or never). */
async function staleSearches(
  pool: Pool,
  source: AnimeSource,
  olderThanMs: number,
  limit: number,
): Promise<string[]> {
  const column = source === 'shikimori' ? 'shikimori_at' : 'anilist_at';
  const { rows } = await pool.query<{ query: string }>(
    `select query from searches
     where hits > 0 and (${column} is null or ${column} < now() - make_interval(secs => $1))
     order by hits desc, last_at desc limit $2`,
    [olderThanMs / 1000, limit],
  );
  return rows.map((r) => r.query);
}

/** The ids of a site's anime read longest ago, older than `olderThanMs`, oldest first. */
async function oldest(
  pool: Pool,
  source: AnimeSource,
  olderThanMs: number,
  limit: number,
): Promise<number[]> {
  const id = source === 'shikimori' ? 'shikimori_id' : 'anilist_id';
  const at = source === 'shikimori' ? 'shikimori_detail_at' : 'anilist_detail_at';
  const { rows } = await pool.query<{ id: number }>(
    `select ${id} as id from anime
     where ${id} is not null and (${at} is null or ${at} < now() - make_interval(secs => $1))
     order by ${at} asc nulls first, refreshed_at asc limit $2`,
    [olderThanMs / 1000, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Of `ids` (a site's ids, in the order given), those the index holds no detail of read within
 * `olderThanMs`: the next anime of the catalogue's to read.
 */
async function missingDetails(
  pool: Pool,
  source: AnimeSource,
  ids: readonly number[],
  olderThanMs: number,
  limit: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const id = source === 'shikimori' ? 'shikimori_id' : 'anilist_id';
  const at = source === 'shikimori' ? 'shikimori_detail_at' : 'anilist_detail_at';
  const { rows } = await pool.query<{ id: number }>(
    `select c.id from unnest($1::int[]) with ordinality as c(id, n)
     where not exists (
       select 1 from anime a
       where a.${id} = c.id and a.${at} >= now() - make_interval(secs => $2)
     )
     order by c.n limit $3`,
    [ids, olderThanMs / 1000, limit],
  );
  return rows.map((r) => r.id);
}

/** True when the fill read this list page within `freshMs`. */
async function listFresh(pool: Pool, list: string, freshMs: number): Promise<boolean> {
  const { rows } = await pool.query(
    'select 1 from list_reads where list = $1 and read_at >= now() - make_interval(secs => $2)',
    [list, freshMs / 1000],
  );
  return rows.length > 0;
}

/** Notes that the fill read this list page now. */
async function listRead(pool: Pool, list: string): Promise<void> {
  await pool.query(
    'insert into list_reads (list) values ($1) on conflict (list) do update set read_at = now()',
    [list],
  );
}

/** Size and freshness of the index, for the admin status. */
async function stats(pool: Pool, freshMs: number) {
  const { rows } = await pool.query<Record<string, string | null>>(
    `select count(*) as titles,
       count(*) filter (where shikimori is not null) as shikimori,
       count(*) filter (where anilist is not null) as anilist,
       count(*) filter (where shikimori is not null and anilist is not null) as both,
       count(*) filter (where refreshed_at >= now() - make_interval(secs => $1)) as fresh,
       min(refreshed_at) as oldest,
       (select count(*) from searches) as searches
     from anime`,
    [freshMs / 1000],
  );
  const r = rows[0]!;
  const n = (v: string | null | undefined) => Number(v ?? 0);
  return {
    titles: n(r.titles),
    withShikimori: n(r.shikimori),
    withAnilist: n(r.anilist),
    withBoth: n(r.both),
    fresh: n(r.fresh),
    oldestRefresh: r.oldest ? new Date(r.oldest).toISOString() : null,
    searches: n(r.searches),
  };
}

/**
 * The anime index in PostgreSQL (pg_trgm, unaccent): writes each site's answers beside the other
 * site's (joined by MyAnimeList id), keeps every title searchable, and answers searches ranked by
 * title similarity first and popularity second.
 */
export function createAnimeIndex(database: Database) {
  const { pool } = database;
  /** Searches counted since the last flush, by text. */
  const counted = new Map<string, number>();
  return {
    /** Adds or refreshes Shikimori's answers (search items, list pages or a detail). */
    addShikimori: (records: IndexedShikimori[], detail = false) =>
      write(
        pool,
        records.map((record) => ({ key: keyOfShikimori(record.id), source: 'shikimori', record, detail })),
      ),
    /** Adds or refreshes AniList's answers. */
    addAnilist: (records: IndexedAnilist[], detail = false) =>
      write(
        pool,
        records.map((record) => ({ key: keyOfAnilist(record), source: 'anilist', record, detail })),
      ),
    /** The best matches of a search text (see `search`). */
    search: (q: string, limit = RESULTS_LIMIT) => search(pool, q, limit),
    /** The anime of a page id: a Shikimori (MyAnimeList) id, or `al-<n>` for an AniList id. */
    byPageId: (page: { service: string; id: number }) => byPageId(pool, page),
    /**
     * Counts a member's search (the most searched texts are refreshed in the background), in
     * memory until the next flushSearches: a popular text searched by many at once would
     * otherwise queue them all on one row's lock and take the pool's connections.
     */
    recordSearch(query: string): void {
      counted.set(query, (counted.get(query) ?? 0) + 1);
    },
    /** Writes the searches counted since the last flush, in one statement (texts in order). */
    flushSearches: () => flushSearches(pool, counted),
    /** When each site was last asked this search text (absent: never). */
    askedAt: (query: string) => askedAt(pool, query),
    /** Notes that `source` answered this search text now. */
    markAsked: (query: string, source: AnimeSource) => markAsked(pool, query, source),
    /** The most searched texts a site has not been asked for `olderThanMs` (or never). */
    staleSearches: (source: AnimeSource, olderThanMs: number, limit: number) =>
      staleSearches(pool, source, olderThanMs, limit),
    /** The ids of a site's anime read longest ago, older than `olderThanMs`, oldest first. */
    oldest: (source: AnimeSource, olderThanMs: number, limit: number) =>
      oldest(pool, source, olderThanMs, limit),
    /** Of `ids`, those the index holds no detail of read within `olderThanMs` (see `missingDetails`). */
    missingDetails: (source: AnimeSource, ids: readonly number[], olderThanMs: number, limit: number) =>
      missingDetails(pool, source, ids, olderThanMs, limit),
    /** True when the fill read this list page within `freshMs`. */
    listFresh: (list: string, freshMs: number) => listFresh(pool, list, freshMs),
    listRead: (list: string) => listRead(pool, list),
    /** Size and freshness of the index, for the admin status. */
    stats: (freshMs: number) => stats(pool, freshMs),
  };
}

export type AnimeIndex = ReturnType<typeof createAnimeIndex>;
