import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inventoryGrant, logListSchema } from '@acg/contracts';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * The admin catalogue's calls (requirements C7) through the gateway as the administrator's browser
 * makes them: an empty-to-filled walk (franchise, anime, characters, cards by anime), the audit
 * records reaching the admin service's log, the delete rule for cards that players hold (asked
 * of the real inventory) and rarity over inventory's figures. Each resource's messages, bad
 * inputs and answers are tested beside its routes (services/catalogue/src/routes/admin/<resource>/).
 */
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let admin: string;
let adminRu: string;

const call = async (path: string, init: { method?: string; body?: unknown; as?: string } = {}) => {
  const headers: Record<string, string> = { accept: 'application/json', origin: sys.url };
  if (init.as) headers.cookie = init.as;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sys.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
};
const asAdmin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { ...init, as: admin });
const asAdminRu = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { ...init, as: adminRu });

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-admin-catalogue-'));
  sys = await startEmbedded({
    env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false', ...isolated() },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  admin = await signIn(sys.url, 'admin_hikari');
  adminRu = await signIn(sys.url, 'admin_hikari');
  const switched = await call('/change-language/ru', { as: adminRu, body: {} });
  expect(switched.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the admin catalogue through the gateway', () => {
  let franchiseId: number;
  let animeId: number;
  const characterIds: number[] = [];

  it("refuses a rank update while no player is active, in the caller's language (rules §37)", async () => {
    const ru = await asAdminRu('/admin/ranks/auto-update', { body: { method: 'smart' } });
    expect(ru.status).toBe(409);
    expect(ru.body.error).toMatch(
      /^За последние \d+ дней не было активных игроков: у всех карточек была бы одна редкость, ранги оставлены как есть$/,
    );
    const en = await asAdmin('/admin/ranks/auto-update', { body: { method: 'percentile' } });
    expect(en.status).toBe(409);
    expect(en.body.error).toMatch(/^No player has been active in the last \d+ days/);
  });

  it('creates a franchise, finds it, refuses its duplicate in any case', async () => {
    const created = await asAdmin('/admin/franchises', { body: { title: '  Токийские истории ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Токийские истории' });
    franchiseId = created.body.id;
    const dup = await asAdminRu('/admin/franchises', { body: { title: 'токийские ИСТОРИИ' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Франшиза "токийские ИСТОРИИ" уже существует');
    const exists = await asAdmin(
      `/admin/franchises/check-exists?title=${encodeURIComponent('Токийские истории')}`,
    );
    expect(exists.body).toMatchObject({ exists: true, exactMatch: { id: franchiseId } });
    const search = await asAdmin(`/admin/franchises/search?q=${encodeURIComponent('токий')}`);
    expect(search.body.map((f: { id: number }) => f.id)).toContain(franchiseId);
  });

  it('adds an anime, says it exists, and quick-add answers 409 with the existing one', async () => {
    const created = await asAdmin('/admin/animes', {
      body: { title: 'Tokyo Tales', shikimoriId: 990001, anilistId: 880001, franchise_id: franchiseId },
    });
    expect(created.status).toBe(201);
    animeId = created.body.id;
    const list = await asAdmin('/admin/animes');
    expect(list.body.find((a: { id: number }) => a.id === animeId)).toMatchObject({
      franchise_id: franchiseId,
      Franchise: { title: 'Токийские истории' },
    });
    const check = await asAdmin('/admin/animes/check-exists?shikimoriId=990001');
    expect(check.body).toMatchObject({ exists: true, exactMatch: { id: animeId, title: 'Tokyo Tales' } });
    const quick = await asAdminRu('/admin/animes/quick-add', {
      body: { franchiseId: null, createFranchise: false, shikimoriId: 990001, title: 'Tokyo Tales' },
    });
    expect(quick.status).toBe(409);
    expect(quick.body.details.anime).toEqual({ id: animeId, title: 'Tokyo Tales' });
    expect(quick.body.error).toBe('Аниме "Tokyo Tales" уже существует в базе');
    const fresh = await asAdmin('/admin/animes/quick-add', {
      body: { franchiseId: null, createFranchise: true, anilistId: 880002, title: 'Tokyo Tales 2' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.anime.franchise_id).toEqual(expect.any(Number));
    // AniList-only results are known by title: the same title again (any case) is the 409.
    const twin = await asAdminRu('/admin/animes/quick-add', {
      body: { franchiseId: null, createFranchise: false, anilistId: 880003, title: 'tokyo tales 2' },
    });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toBe('Аниме "Tokyo Tales 2" уже существует в базе');
    expect(twin.body.details.anime).toEqual({ id: fresh.body.anime.id, title: 'Tokyo Tales 2' });
  });

  it('imports characters in a batch, linking existing ones by external id, and refuses 51 with 413', async () => {
    const batch = [
      { name: 'Хару Сакура', anilistId: 770001, shikimoriId: 660001, altname: 'Haru Sakura, 桜ハル' },
      { name: 'Ren Aoyama', anilistId: 770002 },
      { name: 'x', anilistId: 770003 },
    ];
    const res = await asAdmin('/admin/characters/bulk', { body: { animeId, characters: batch } });
    expect(res.status).toBe(200);
    expect(res.body.created.map((c: { name: string }) => c.name)).toEqual(['Хару Сакура', 'Ren Aoyama']);
    expect(res.body.conflicts).toHaveLength(1);
    expect(res.body.success).toBe(false);
    characterIds.push(...res.body.created.map((c: { id: number }) => c.id));
    const again = await asAdmin('/admin/characters/bulk', {
      body: { animeId, characters: batch.slice(0, 2) },
    });
    expect(again.body).toMatchObject({ success: true, created: [] });
    expect(again.body.updated).toHaveLength(2);
    // A character known by its Shikimori id alone gets the AniList id of the item that links it.
    const otherAnime = (await asAdmin('/admin/animes')).body.find((a: { id: number }) => a.id !== animeId).id;
    const known = await asAdmin('/admin/characters', { body: { name: 'Mio Tanaka', shikimoriId: 660050 } });
    expect(known.status).toBe(201);
    const linked = await asAdmin('/admin/characters/bulk', {
      body: {
        animeId: otherAnime,
        characters: [{ name: 'Mio Tanaka', anilistId: 770050, shikimoriId: 660050 }],
      },
    });
    expect(linked.body).toMatchObject({ success: true, created: [], updated: [{ id: known.body.id }] });
    const all = (await asAdmin('/admin/characters')).body as Array<{ id: number; anilistId: number | null }>;
    expect(all.find((c) => c.id === known.body.id)?.anilistId).toBe(770050);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ name: `Name ${i}`, anilistId: 700000 + i }));
    expect((await asAdmin('/admin/characters/bulk', { body: { animeId, characters: tooMany } })).status).toBe(
      413,
    );
    const ofAnime = await asAdmin(`/admin/characters?animeId=${animeId}`);
    expect(ofAnime.body.map((c: { id: number }) => c.id).sort()).toEqual([...characterIds].sort());
  });

  it('adds cards for the anime once (idempotent per character and rank), and for all anime as one job', async () => {
    const ranks = (await asAdmin('/admin/ranks')).body as Array<{ id: number; code: string }>;
    const rankE = ranks.find((r) => r.code === 'E')!;
    const first = await asAdmin('/admin/cards/bulk-add-anime', {
      body: { anime_id: animeId, rank_id: rankE.id, season_id: null },
    });
    expect(first.body).toEqual({ added: 2, skipped: 0 });
    const second = await asAdmin('/admin/cards/bulk-add-anime', {
      body: { anime_id: animeId, rank_id: rankE.id, season_id: null },
    });
    expect(second.body).toEqual({ added: 0, skipped: 2 });
    expect((await asAdminRu('/admin/cards/bulk-add-anime', { body: { rank_id: rankE.id } })).body.error).toBe(
      'Выберите аниме и ранг',
    );
    expect((await asAdminRu('/admin/cards/bulk-add-all-anime', { body: {} })).body.error).toBe(
      'Выберите ранг',
    );
    const all = await asAdmin('/admin/cards/bulk-add-all-anime', {
      body: { rank_id: rankE.id, season_id: null },
    });
    expect(all.status).toBe(200);
    expect(all.body.total_anime).toBeGreaterThanOrEqual(10);
    const again = await asAdmin('/admin/cards/bulk-add-all-anime', {
      body: { rank_id: rankE.id, season_id: null },
    });
    expect(again.body.total_added).toBe(0);
    expect(again.body.total_skipped).toBe(all.body.total_added + all.body.total_skipped);
    const page = await asAdmin(`/admin/cards?characterId=${characterIds[0]}&limit=10`);
    expect(page.headers.get('x-total-count')).toBe('1');
    expect(page.body[0]).toMatchObject({
      character_id: characterIds[0],
      Character: { name: 'Хару Сакура' },
      Rank: { code: 'E' },
    });
  });

  it('changes a card rank, refuses to delete a card a player holds, deletes one nobody holds', async () => {
    const ranks = (await asAdmin('/admin/ranks')).body as Array<{ id: number; code: string }>;
    const [card] = (await asAdmin(`/admin/cards?characterId=${characterIds[0]}`)).body;
    const rankA = ranks.find((r) => r.code === 'A')!;
    const patched = await asAdmin(`/admin/cards/${card.id}`, {
      method: 'PATCH',
      body: { rank_id: rankA.id },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.rankCode).toBe('A');
    const me = await (await fetch(`${sys.url}/api/me`, { headers: { cookie: admin } })).json();
    await sys.bus.request(inventoryGrant, {
      userId: me.user.id,
      cardId: card.id,
      idempotencyKey: `admin-cat-${card.id}`,
      source: 'admin',
    });
    const held = await asAdmin(`/admin/cards/${card.id}`, { method: 'DELETE' });
    expect(held.status).toBe(409);
    expect(held.body.error).toMatch(/held by players/);
    const held2 = await asAdmin(`/admin/characters/${characterIds[0]}`, { method: 'DELETE' });
    expect(held2.status).toBe(409);
    const [other] = (await asAdmin(`/admin/cards?characterId=${characterIds[1]}`)).body;
    expect((await asAdmin(`/admin/cards/${other.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await asAdmin(`/admin/cards/${other.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('records every change in the action log (category cards) with the administrator', async () => {
    const wanted = [
      'franchise.created',
      'anime.created',
      'character.imported',
      'card.bulk-added-anime',
      'card.updated',
      'card.deleted',
    ];
    // The administrator by id: the log names members by their display name (rules §50).
    const me = await (await fetch(`${sys.url}/api/me`, { headers: { cookie: admin } })).json();
    await expect
      .poll(
        async () => {
          const page = logListSchema.parse((await asAdmin('/admin/logs?category=cards&limit=200')).body);
          return wanted.filter((a) => !page.rows.some((r) => r.action === a && r.Admin?.id === me.user.id));
        },
        { timeout: 10_000 },
      )
      .toEqual([]);
  });

  it('keeps the admin catalogue from fans', async () => {
    const fan = await signIn(sys.url, 'sakura_fan');
    expect((await call('/admin/franchises', { as: fan })).status).toBe(403);
    expect((await call('/admin/franchises', { as: fan, body: { title: 'Nope' } })).status).toBe(403);
  });

  it('recalculates rarity from active players, updates ranks by thresholds, analyses and keeps history', async () => {
    // Two players hold the first demo cards; most cards nobody holds.
    const meAdmin = await (await fetch(`${sys.url}/api/me`, { headers: { cookie: admin } })).json();
    const fan = await signIn(sys.url, 'sakura_fan');
    const meFan = await (await fetch(`${sys.url}/api/me`, { headers: { cookie: fan } })).json();
    for (const userId of [meAdmin.user.id, meFan.user.id])
      for (const cardId of [1, 2])
        await sys.bus.request(inventoryGrant, {
          userId,
          cardId,
          idempotencyKey: `rarity-${userId}-${cardId}`,
          source: 'admin',
        });

    const recalculated = await asAdmin('/admin/cards/recalculate-rarity', { body: {} });
    expect(recalculated.status).toBe(200);
    expect(recalculated.body).toMatchObject({
      method: 'scores',
      rarityScores: { total: expect.any(Number), updated: expect.any(Number) },
      cardRanks: { updated: 0 },
    });
    const cardsNow = (await asAdmin('/admin/cards')).body as Array<{ id: number; rarityScore: number }>;
    const score = (id: number) => cardsNow.find((c) => c.id === id)!.rarityScore;
    const unheld = cardsNow.find((c) => c.id > 10)!;
    expect(score(1)).toBeLessThan(unheld.rarityScore);
    const history = await asAdmin('/admin/cards/1/rarity-history');
    expect(history.body[0]).toMatchObject({ score: score(1) });

    const stats = await asAdmin('/admin/cards/rarity-recalc-stats');
    expect(stats.body).toMatchObject({ type: 'manual', method: 'scores', progress: { running: false } });

    const analysis = await asAdmin('/admin/ranks/analysis');
    expect(analysis.body.analysis).toMatchObject({
      totalCards: cardsNow.length,
      rarityScoreStats: { mean: expect.any(Number), median: expect.any(Number) },
      ownershipAnalysis: { totalOwned: expect.any(Number), correlation: expect.any(Number) },
    });
    expect(analysis.body.analysis.rankDistribution[0]).toHaveProperty('percentage');
    const likes = await asAdmin('/admin/ranks/likes-analysis');
    expect(likes.body.analysis).toMatchObject({
      totalCards: cardsNow.length,
      likeDistribution: { noLikes: expect.any(Number) },
      correlationAnalysis: { likesVsRarityScore: expect.any(Number) },
    });

    expect((await asAdmin('/admin/ranks/auto-update', { body: { method: 'bogus' } })).status).toBe(400);
    // What inventory's read model holds of each card, and what the catalogue holds.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const facts = 'id, character_name, rank_code, rank_title, rank_color, limited, image_url, rarity_score';
    const catalogueFacts = async () =>
      (
        await client.query(`
          select ${facts} from (
            select c.id, ch.name as character_name, r.code as rank_code, r.title as rank_title,
              r.color as rank_color, c.limited, c.image_url, c.rarity_score
            from catalogue.cards c
            join catalogue.characters ch on ch.id = c.character_id
            join catalogue.ranks r on r.id = c.rank_id) s
          order by id`)
      ).rows;
    const inventoryFacts = async () =>
      (await client.query(`select ${facts} from inventory.card_summaries where not deleted order by id`))
        .rows;
    const ranksBefore = new Map((await catalogueFacts()).map((c) => [c.id, c.rank_code]));
    const smart = await asAdmin('/admin/ranks/auto-update', { body: { method: 'smart' } });
    expect(smart.status).toBe(200);
    expect(smart.body.result).toMatchObject({
      method: 'smart',
      newAnalysis: { totalCards: cardsNow.length },
    });
    try {
      // The runs' cards.updated events (summaries built in the database, rules §37) leave
      // inventory's read model with every card's new score and rank, as the catalogue has them.
      const expected = await catalogueFacts();
      expect(expected.filter((c) => c.rank_code !== ranksBefore.get(c.id)).length).toBeGreaterThan(0);
      await vi.waitFor(async () => expect(await inventoryFacts()).toEqual(expected), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await client.end();
    }
    const ranksAfter = ((await asAdmin('/admin/ranks')).body as Array<{ threshold: number }>).map(
      (r) => r.threshold,
    );
    // Thresholds never decrease; ranks that split a tie share its score (rules §54).
    for (let i = 1; i < ranksAfter.length; i++)
      expect(ranksAfter[i]!).toBeGreaterThanOrEqual(ranksAfter[i - 1]!);
    const fixed = await asAdmin('/admin/ranks/force-fix-thresholds', { body: {} });
    expect(fixed.body.result).toMatchObject({
      uniqueScores: expect.any(Number),
      revision: expect.any(Number),
    });
    const fixedThresholds = fixed.body.result.ranks.map((r: { after: number }) => r.after);
    for (let i = 1; i < fixedThresholds.length; i++)
      expect(fixedThresholds[i]!).toBeGreaterThan(fixedThresholds[i - 1]!);
  }, 60_000);

  it('reads the catalogue cache figures per namespace for the cards screen', async () => {
    await asAdmin('/admin/ranks');
    await call('/api/characters', { as: admin });
    const res = await asAdmin('/api/admin/cache/stats');
    expect(res.status).toBe(200);
    const names = res.body.application_cache.namespaces.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['characters']));
    expect(res.body.application_cache.namespaces[0]).toMatchObject({
      keys: expect.any(Number),
      hits: expect.any(Number),
      misses: expect.any(Number),
      hit_rate: expect.any(Number),
    });
    const fan = await signIn(sys.url, 'sakura_fan');
    expect((await call('/api/admin/cache/stats', { as: fan })).status).toBe(403);
  });
});
