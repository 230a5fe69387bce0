import { inventoryCardStats } from '@acg/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogue, startAdminCatalogue } from '../../test/admin';

/**
 * The rank updates as the rarity screen drives them (rules: rank previews and revisions): a
 * preview writes nothing; applying writes what it showed, as a revision; undo puts every card's
 * rank and every threshold back exactly; rank and season edits are audited.
 */
let a: AdminCatalogue;
/** Cards the one active player holds (the demo: most cards held by nobody). */
const HELD = new Set([1, 2, 3]);

beforeAll(async () => {
  a = await startAdminCatalogue();
  // A stand-in inventory: one active player holding cards 1–3.
  a.h.bus.serve(inventoryCardStats, async (page) => {
    const ids = Array.from({ length: page.span }, (_, i) => page.afterCardId + 1 + i);
    return {
      cardIds: ids,
      activeOwners: ids.map((id) => (HELD.has(id) ? 1 : 0)),
      owners: ids.map((id) => (HELD.has(id) ? 1 : 0)),
      copies: ids.map((id) => (HELD.has(id) ? 1 : 0)),
      likes: ids.map(() => 0),
      activePlayers: 1,
      maxCardId: page.afterCardId + page.span,
    };
  });
});
afterAll(() => a?.close());

/** Everything a rank update may change, read straight from the database. */
async function snapshot() {
  const db = a.h.database.db;
  const rows = async (q: ReturnType<typeof sql>) => (await db.execute(q)).rows;
  return {
    cards: await rows(sql`select id, rank_id, rarity_score from catalogue.cards order by id`),
    ranks: await rows(sql`select id, code, threshold from catalogue.ranks order by id`),
    revisions: await rows(sql`select count(*)::int as n from catalogue.rank_revisions`),
    runs: await rows(sql`select count(*)::int as n from catalogue.rarity_runs`),
    outbox: await rows(sql`select count(*)::int as n from catalogue.outbox`),
  };
}
const rankCounts = (cards: Array<Record<string, unknown>>) => {
  const n = new Map<number, number>();
  for (const c of cards) n.set(c.rank_id as number, (n.get(c.rank_id as number) ?? 0) + 1);
  return n;
};

describe('rank update previews, revisions and undo', () => {
  it('previews a smart update without writing anything, with the warnings the demo deserves', async () => {
    const before = await snapshot();
    const res = await a.ru('POST', '/admin/ranks/preview', { method: 'smart' });
    expect(res.status).toBe(200);
    const p = res.body;
    expect(p.totalCards).toBe(before.cards.length);
    // Today's distribution is what the cards hold now.
    const now = rankCounts(before.cards);
    for (const r of p.ranks) expect(r.before.cards, r.code).toBe(now.get(r.id) ?? 0);
    // Every rank gets cards, each about half as many as the one below: the tied cards are split.
    const after: number[] = p.ranks.map((r: { after: { cards: number } }) => r.after.cards);
    expect(after.reduce((x, y) => x + y, 0)).toBe(p.totalCards);
    for (const [i, n] of after.entries()) {
      expect(n, p.ranks[i].code).toBeGreaterThanOrEqual(1);
      if (i > 0) expect(n).toBeLessThanOrEqual(after[i - 1]!);
    }
    expect(after[0]! / p.totalCards).toBeGreaterThan(0.4);
    expect(p.moving.count).toBeGreaterThan(0);
    expect(p.moving.sample.length).toBe(Math.min(20, p.moving.count));
    expect(p.moving.sample[0]).toMatchObject({
      name: expect.any(String),
      from: expect.any(String),
      to: expect.any(String),
    });
    expect(p.moving.sample[0].name.length).toBeGreaterThan(0);
    const codes = p.warnings.map((w: { code: string }) => w.code);
    expect(codes).toContain('many_ties');
    const ties = p.warnings.find((w: { code: string }) => w.code === 'many_ties');
    const tied = p.totalCards - HELD.size;
    expect(ties.message).toMatch(
      new RegExp(`^У ${tied} из ${p.totalCards} карточек одинаковый rarityScore \\(66\\.67\\)`),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('applies only the previewed plan, as a revision; undo restores every rank and threshold exactly', async () => {
    const before = await snapshot();
    const preview = (await a.en('POST', '/admin/ranks/preview', { method: 'smart' })).body;
    // A token that is not the preview's: refused in the ranks step, nothing written.
    const stale = await a.ru('POST', '/admin/ranks/auto-update', {
      method: 'smart',
      previewToken: 'x'.repeat(43),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({ reason: 'preview_outdated', step: 'cardRanks' });
    expect(stale.body.details.errors).toEqual({ rarityScores: [], cardRanks: [stale.body.error] });
    expect(stale.body.error).toMatch(/^Каталог изменился после предпросмотра/);
    expect(await snapshot()).toEqual(before);

    const applied = await a.en('POST', '/admin/ranks/auto-update', {
      method: 'smart',
      previewToken: preview.token,
    });
    expect(applied.status).toBe(200);
    const { result } = applied.body;
    expect(result.cardRanks).toMatchObject({ updated: preview.moving.count, errors: [] });
    expect(result.rarityScores.errors).toEqual([]);
    expect(result.revision).toEqual(expect.any(Number));
    const after = await snapshot();
    const counts = rankCounts(after.cards);
    for (const r of preview.ranks) {
      expect(counts.get(r.id) ?? 0, r.code).toBe(r.after.cards);
      expect(after.ranks.find((x) => x.id === r.id)?.threshold, r.code).toBe(r.after.threshold);
    }
    const moved = after.cards.filter((c, i) => c.rank_id !== before.cards[i]!.rank_id);
    expect(moved).toHaveLength(preview.moving.count);
    expect(await a.audits('ranks.auto-updated-smart')).toMatchObject([{ targetId: String(result.revision) }]);

    const undone = await a.en('POST', `/admin/ranks/revisions/${result.revision}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ revision: result.revision, restored: moved.length, changedSince: 0 });
    const restored = await snapshot();
    expect(restored.ranks).toEqual(before.ranks);
    // Every card's rank is back; the scores stay as the update measured them (rules).
    expect(restored.cards.map((c) => [c.id, c.rank_id])).toEqual(before.cards.map((c) => [c.id, c.rank_id]));
    expect(await a.audits('ranks.revision-undone')).toMatchObject([{ targetId: String(result.revision) }]);

    const again = await a.ru('POST', `/admin/ranks/revisions/${result.revision}/undo`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Эта ревизия рангов уже отменена');
    expect((await a.en('POST', '/admin/ranks/revisions/999999/undo', {})).status).toBe(404);
    const list = (await a.en('GET', '/admin/ranks/revisions')).body;
    expect(list[0]).toMatchObject({ kind: 'undo', undoOf: result.revision, cardsMoved: moved.length });
    expect(list[1]).toMatchObject({ id: result.revision, kind: 'smart', undoneIn: list[0].id, undoneBy: 1 });
  });

  it('force-fix previews and applies thresholds only, and its undo restores them', async () => {
    const db = a.h.database.db;
    // Thresholds that are not increasing: D below E.
    await db.execute(sql`update catalogue.ranks set threshold = 5 where code = 'D'`);
    await db.execute(sql`update catalogue.ranks set threshold = 50 where code = 'E'`);
    const before = await snapshot();
    const preview = (await a.en('POST', '/admin/ranks/preview', { method: 'force-fix' })).body;
    expect(preview.moving.count).toBe(0);
    const d = preview.ranks.find((r: { code: string }) => r.code === 'D');
    expect(d.before.threshold).toBe(5);
    expect(d.after.threshold).toBeGreaterThan(50);
    expect(await snapshot()).toEqual(before);
    const fixed = await a.en('POST', '/admin/ranks/force-fix-thresholds', { previewToken: preview.token });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.ranks.find((r: { code: string }) => r.code === 'D')).toMatchObject({
      before: 5,
      after: d.after.threshold,
      changed: true,
    });
    await a.en('POST', `/admin/ranks/revisions/${fixed.body.result.revision}/undo`, {});
    const restored = await snapshot();
    expect(restored.ranks).toEqual(before.ranks);
    expect(restored.cards).toEqual(before.cards);
  });
});

describe('editing ranks and seasons', () => {
  it("edits a rank's code, title, threshold and image, audited; the same values again log nothing", async () => {
    const ranks = (await a.en('GET', '/admin/ranks')).body;
    const b = ranks.find((r: { code: string }) => r.code === 'B');
    const res = await a.en('PATCH', `/admin/ranks/${b.id}`, {
      threshold: '47.5',
      title: 'Epic+',
      imageUrl: '/r/b.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: b.id,
      code: 'B',
      title: 'Epic+',
      threshold: 47.5,
      imageUrl: '/r/b.png',
    });
    expect(
      (await a.en('GET', '/admin/ranks')).body.find((r: { id: number }) => r.id === b.id).threshold,
    ).toBe(47.5);
    const audits = await a.audits('rank.updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      targetId: String(b.id),
      before: { threshold: b.threshold, title: b.title, imageUrl: null },
      after: { threshold: 47.5, title: 'Epic+', imageUrl: '/r/b.png' },
    });
    expect((await a.en('PATCH', `/admin/ranks/${b.id}`, { threshold: 47.5 })).status).toBe(200);
    expect(await a.audits('rank.updated')).toHaveLength(1);
  });

  it("refuses bad rank edits in the caller's language", async () => {
    const ranks = (await a.en('GET', '/admin/ranks')).body;
    const b = ranks.find((r: { code: string }) => r.code === 'B');
    const taken = await a.ru('PATCH', `/admin/ranks/${b.id}`, { code: 'A' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Ранг с кодом "A" уже существует');
    const negative = await a.ru('PATCH', `/admin/ranks/${b.id}`, { threshold: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('Порог должен быть неотрицательным числом');
    expect((await a.en('PATCH', `/admin/ranks/${b.id}`, { code: '' })).body.error).toBe(
      'The rank code is required',
    );
    expect((await a.ru('PATCH', '/admin/ranks/999999', { title: 'X' })).body.error).toBe('Ранг не найден');
    expect((await a.en('GET', '/admin/ranks')).body).toEqual(ranks);
  });

  it("edits a season's title and dates, audited, and refuses an end before the start", async () => {
    const [season] = (await a.en('GET', '/admin/seasons')).body;
    const wrong = await a.ru('PATCH', `/admin/seasons/${season.id}`, { endDate: '1999-01-01' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'Дата окончания не может быть раньше даты начала',
      details: { field: 'endDate' },
    });
    const notDate = await a.en('PATCH', `/admin/seasons/${season.id}`, { startDate: '2025-02-30' });
    expect(notDate.status).toBe(400);
    const res = await a.en('PATCH', `/admin/seasons/${season.id}`, {
      title: ' Spring ',
      endDate: '2099-12-31',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: season.id,
      title: 'Spring',
      startDate: season.startDate,
      endDate: '2099-12-31',
    });
    expect(await a.audits('season.updated')).toMatchObject([
      {
        targetId: String(season.id),
        before: { title: season.title, endDate: season.endDate },
        after: { title: 'Spring', endDate: '2099-12-31' },
      },
    ]);
    expect((await a.en('PATCH', '/admin/seasons/999999', { title: 'X' })).status).toBe(404);
  });
});
