import { inventoryCardStats } from '@acg/contracts';
import { unpackInts } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type InventoryHarness, startInventoryHarness } from '../test/harness';
import { CARD_STATS_SNAPSHOT_TTL_MINUTES, cardStatsPage, ownerCountPath } from './card-stats';

const ACTIVE_DAYS = 90;
const SPAN = 4;

/** A small inventory with every case the figures tell apart. */
interface Entry {
  userId: number;
  cardId: number;
  quantity: number;
  daysAgo: number;
}
const entryRows: Entry[] = [];
const likeRows: Array<{ userId: number; cardId: number }> = [];
// Users 1–12; 1–8 active (a recent move of a held copy), 9–12 idle, 12 active only through a
// row whose last copy left (quantity 0: not active, holds nothing).
for (let userId = 1; userId <= 12; userId++)
  for (let cardId = 1; cardId <= 22; cardId++) {
    if ((userId * 7 + cardId * 3) % 5 === 0 || cardId === 13) continue; // card 13 nobody holds
    const quantity = userId === 12 ? 0 : ((userId + cardId) % 3) + 1;
    const recent = userId <= 8 && cardId % 4 === userId % 4;
    entryRows.push({ userId, cardId, quantity, daysAgo: recent || userId === 12 ? 3 : 200 });
  }
for (let userId = 1; userId <= 10; userId++)
  for (const cardId of [2, 5, 13, 21, 30]) if ((userId + cardId) % 2 === 0) likeRows.push({ userId, cardId });

/** The figures straight from the rows above. */
function expected() {
  const active = new Set(
    entryRows.filter((e) => e.quantity > 0 && e.daysAgo < ACTIVE_DAYS).map((e) => e.userId),
  );
  const byCard = new Map<number, { activeOwners: number; owners: number; copies: number; likes: number }>();
  const at = (cardId: number) => {
    const f = byCard.get(cardId) ?? { activeOwners: 0, owners: 0, copies: 0, likes: 0 };
    byCard.set(cardId, f);
    return f;
  };
  for (const e of entryRows)
    if (e.quantity > 0) {
      const f = at(e.cardId);
      f.owners += 1;
      f.copies += e.quantity;
      if (active.has(e.userId)) f.activeOwners += 1;
    }
  for (const l of likeRows) at(l.cardId).likes += 1;
  const ids = [...byCard.keys()].sort((a, b) => a - b);
  return {
    cardIds: ids,
    activeOwners: ids.map((id) => byCard.get(id)!.activeOwners),
    owners: ids.map((id) => byCard.get(id)!.owners),
    copies: ids.map((id) => byCard.get(id)!.copies),
    likes: ids.map((id) => byCard.get(id)!.likes),
    activePlayers: active.size,
  };
}

let h: InventoryHarness;
const sql = (text: string, values: unknown[] = []) => h.database.pool.query(text, values);
beforeAll(async () => {
  h = await startInventoryHarness();
  await sql(
    `insert into entries (user_id, card_id, quantity, updated_at)
     select u, c, q, now() - make_interval(days => d)
     from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as t(u, c, q, d)`,
    [
      entryRows.map((e) => e.userId),
      entryRows.map((e) => e.cardId),
      entryRows.map((e) => e.quantity),
      entryRows.map((e) => e.daysAgo),
    ],
  );
  await sql('insert into likes (user_id, card_id) select * from unnest($1::int[], $2::int[])', [
    likeRows.map((l) => l.userId),
    likeRows.map((l) => l.cardId),
  ]);
});
afterAll(() => h?.close());

type Page = Awaited<ReturnType<typeof cardStatsPage>>;
/** Every page of (0, upTo] in `SPAN`-sized steps, joined, as the catalogue reads them. */
async function readAll(upTo: number, ask: (after: number, last: boolean) => Promise<Page>) {
  const all = { cardIds: [], activeOwners: [], owners: [], copies: [], likes: [] } as Omit<
    Page,
    'activePlayers' | 'maxCardId'
  >;
  const totals = new Set<string>();
  for (let after = 0; after < upTo; after += SPAN) {
    const page = await ask(after, after + SPAN >= upTo);
    for (const key of ['cardIds', 'activeOwners', 'owners', 'copies', 'likes'] as const)
      all[key].push(...page[key]);
    totals.add(`${page.activePlayers}/${page.maxCardId}`);
  }
  return { ...all, totals: [...totals] };
}
const snapshotRows = async () =>
  (
    await sql(
      'select (select count(*) from card_stats_runs) + (select count(*) from card_stats_snapshots) as n',
    )
  ).rows[0].n;

describe('inventory.card-stats', () => {
  it('gives the same figures from one run snapshot, page by page, as counted from the rows and as each page computed alone', async () => {
    const want = expected();
    expect(want.activePlayers).toBe(8); // the data has the cases it means to have
    expect(want.cardIds).toContain(30); // liked, held by nobody, beyond the last held card
    expect(want.owners[want.cardIds.indexOf(13)]).toBe(0); // liked, held by nobody

    const pages = await readAll(32, (after, last) =>
      h.bus.request(inventoryCardStats, {
        afterCardId: after,
        span: SPAN,
        activeDays: ACTIVE_DAYS,
        runId: 'run-equivalence-1',
        release: last,
      }),
    );
    const { activePlayers, ...figures } = want;
    expect(pages).toEqual({ ...figures, totals: [`${activePlayers}/22`] });

    // The answer without a run id (each page on its own) is the same.
    const alone = await readAll(32, (after) => cardStatsPage(h.database.db, after, SPAN, ACTIVE_DAYS));
    expect(alone).toEqual(pages);
    // The last page dropped the run's snapshot.
    expect(await snapshotRows()).toBe('0');
  });

  it('builds a run’s snapshot once: later pages read it even after the inventory changed', async () => {
    const ask = (after: number, release = false) =>
      h.bus.request(inventoryCardStats, {
        afterCardId: after,
        span: SPAN,
        activeDays: ACTIVE_DAYS,
        runId: 'run-stable-2',
        release,
      });
    const [first, again] = await Promise.all([ask(0), ask(0)]);
    expect(again).toEqual(first);
    expect(
      (await sql(`select count(*)::int as n from card_stats_runs where run_id = 'run-stable-2'`)).rows[0].n,
    ).toBe(1);
    const before = await cardStatsPage(h.database.db, 4, SPAN, ACTIVE_DAYS);
    await sql(`update entries set quantity = quantity + 5 where card_id = 5`);
    try {
      expect(await ask(4, true)).toEqual(before);
    } finally {
      await sql(`update entries set quantity = quantity - 5 where card_id = 5`);
    }
    expect(await snapshotRows()).toBe('0');
  });

  it('answers a page that is not aligned to the snapshot’s chunks from the chunks it spans', async () => {
    const ask = (after: number, span: number, release = false) =>
      h.bus.request(inventoryCardStats, {
        afterCardId: after,
        span,
        activeDays: ACTIVE_DAYS,
        runId: 'run-unaligned-3',
        release,
      });
    await ask(0, SPAN); // builds chunks of SPAN card ids
    for (const [after, span] of [
      [2, SPAN],
      [5, 9],
      [19, 20],
    ] as const)
      expect(await ask(after, span)).toEqual(await cardStatsPage(h.database.db, after, span, ACTIVE_DAYS));
    await ask(0, 1, true);
    expect(await snapshotRows()).toBe('0');
  });

  it('answers packed when asked: the same lists as the arrays, aligned or not, and only the active owners when told', async () => {
    const want = expected();
    const unpacked = (page: Page) => {
      expect([page.cardIds, page.activeOwners, page.owners, page.copies, page.likes]).toEqual([
        [],
        [],
        [],
        [],
        [],
      ]);
      const p = page.packed!;
      return {
        cardIds: unpackInts(p.cardIds),
        activeOwners: unpackInts(p.activeOwners),
        owners: unpackInts(p.owners),
        copies: unpackInts(p.copies),
        likes: unpackInts(p.likes),
      };
    };
    const ask = (
      runId: string,
      after: number,
      span: number,
      extra: { scoresOnly?: boolean; release?: boolean } = {},
    ) =>
      h.bus.request(inventoryCardStats, {
        afterCardId: after,
        span,
        activeDays: ACTIVE_DAYS,
        runId,
        packed: true,
        ...extra,
      });
    const pages = await readAll(32, async (after, last) => {
      const page = await ask('run-packed-4', after, SPAN, { release: last });
      return { ...page, ...unpacked(page) };
    });
    const { activePlayers, ...figures } = want;
    expect(pages).toEqual({ ...figures, totals: [`${activePlayers}/22`] });
    // A page across chunks, packed, against the arrays computed for it alone.
    await ask('run-packed-5', 0, SPAN);
    const across = await ask('run-packed-5', 5, 9, { release: true });
    expect({ ...across, ...unpacked(across), packed: undefined }).toEqual({
      ...(await cardStatsPage(h.database.db, 5, 9, ACTIVE_DAYS)),
      packed: undefined,
    });
    // Scores only: the active owners of every card someone holds, the lists of zeros sent empty;
    // not the cards only liked (13, 30).
    const held = pages.owners.flatMap((n, i) => (n > 0 ? [i] : []));
    expect(held.map((i) => pages.cardIds[i])).not.toContain(13);
    expect(held.length).toBe(pages.cardIds.length - 2);
    const scoresOnly = await readAll(32, async (after, last) => {
      const page = await ask('run-packed-7', after, SPAN, { scoresOnly: true, release: last });
      return { ...page, ...unpacked(page) };
    });
    expect(scoresOnly).toEqual({
      cardIds: held.map((i) => pages.cardIds[i]),
      activeOwners: held.map((i) => pages.activeOwners[i]),
      owners: [],
      copies: [],
      likes: [],
      totals: pages.totals,
    });
    expect(await snapshotRows()).toBe('0');
  });

  it('drops a snapshot its run abandoned once it is older than the TTL, when another run builds', async () => {
    const ask = (runId: string) =>
      h.bus.request(inventoryCardStats, { afterCardId: 0, span: SPAN, activeDays: ACTIVE_DAYS, runId });
    await ask('run-abandoned-old');
    await ask('run-abandoned-recent');
    await sql(
      `update card_stats_runs set created_at = now() - make_interval(mins => $1) where run_id = 'run-abandoned-old'`,
      [CARD_STATS_SNAPSHOT_TTL_MINUTES + 1],
    );
    await ask('run-newest');
    const runs = await sql('select run_id from card_stats_runs order by run_id');
    expect(runs.rows.map((r) => r.run_id)).toEqual(['run-abandoned-recent', 'run-newest']);
    const left = await sql('select distinct run_id from card_stats_snapshots order by run_id');
    expect(left.rows.map((r) => r.run_id)).toEqual(['run-abandoned-recent', 'run-newest']);
    await sql('truncate card_stats_runs, card_stats_snapshots');
  });

  it('counts owners from the covering index while the pages are all-visible, by hashing once updates have touched them: the same figures', async () => {
    const snapshot = (runId: string) =>
      readAll(32, (after, last) =>
        h.bus.request(inventoryCardStats, {
          afterCardId: after,
          span: SPAN,
          activeDays: ACTIVE_DAYS,
          runId,
          release: last,
        }),
      );
    const counted = await readAll(32, (after) => cardStatsPage(h.database.db, after, SPAN, ACTIVE_DAYS));
    await sql('vacuum entries');
    expect(await ownerCountPath(h.database.db)).toBe('index');
    expect(await snapshot('run-index-path')).toEqual(counted);
    // Every row rewritten (nothing in it changes): every page has changed since the vacuum.
    await sql('update entries set reserved = reserved');
    await vi.waitFor(async () => expect(await ownerCountPath(h.database.db)).toBe('hash'), {
      timeout: 10_000, // the statistics reach other sessions within about a second
      interval: 50,
    });
    expect(await snapshot('run-hash-path')).toEqual(counted);
  });
});
