import {
  adminCacheCleanupResponseSchema,
  adminCacheClearResponseSchema,
  adminCacheStatsResponseSchema,
  cacheCleared,
  catalogueCacheCleanup,
  catalogueCacheClear,
  catalogueCacheStats,
} from '@acg/contracts';
import type { Subscription } from '@acg/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, asAdmin, asUser, startAdminHarness } from '../../test/harness';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
});
afterAll(() => h?.close());

/** The catalogue's side, as it answers over the bus. */
let catalogue: Subscription[] = [];
afterEach(async () => {
  for (const s of catalogue) await s.stop();
  catalogue = [];
});
const ns = (name: string, keys: number, hits: number, misses: number) => ({
  name,
  keys,
  hits,
  misses,
  hit_rate: hits + misses === 0 ? 0 : Math.round((hits / (hits + misses)) * 10_000) / 10_000,
});
function serveCatalogue(fail = false) {
  catalogue = [
    h.bus.serve(catalogueCacheStats, async () => ({
      namespaces: [
        ns('cards', 3, 6, 2),
        ns('characters', 1, 2, 2),
        ns('ranks', 1, 4, 0),
        ns('seasons', 0, 0, 0),
        ns('animes', 1, 0, 1),
      ],
      users: { users_tracked: 2, avg_user_hit_rate: 0.625 },
    })),
    h.bus.serve(catalogueCacheClear, async () => {
      if (fail) throw new Error('redis down');
      return { namespaces: ['animes', 'cards', 'characters', 'ranks', 'seasons', 'stats'], keysRemoved: 6 };
    }),
    h.bus.serve(catalogueCacheCleanup, async () => ({ expiredRemoved: 4, usersForgotten: 1 })),
  ];
}
const get = (headers: Record<string, string>) => h.fetch('/api/admin/cache/stats', { headers });
const post = (action: 'clear' | 'cleanup', headers: Record<string, string> = asAdmin(7)) =>
  h.json(`/api/admin/cache/${action}`, 'POST', {}, headers);

describe('cache administration', () => {
  it('shows the totals, the per-user figures and each namespace of the catalogue', async () => {
    serveCatalogue();
    const res = await get(asAdmin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { application_cache: stats } = adminCacheStatsResponseSchema.parse(await res.json());
    expect(stats).toMatchObject({
      keys: 6,
      hits: 12,
      misses: 5,
      hit_rate: 0.7059,
      avg_user_hit_rate: 0.625,
      users_tracked: 2,
    });
    expect(stats.namespaces.map((n) => n.name)).toEqual([
      'cards',
      'characters',
      'ranks',
      'seasons',
      'animes',
    ]);
  });

  it('shows an empty cache while no catalogue runs, and refuses to clear it (503 with a message)', async () => {
    const { application_cache: stats } = adminCacheStatsResponseSchema.parse(
      await (await get(asAdmin())).json(),
    );
    expect(stats).toMatchObject({ keys: 0, hits: 0, hit_rate: 0, users_tracked: 0, namespaces: [] });
    for (const action of ['clear', 'cleanup'] as const) {
      const res = await post(action);
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/catalogue cache/);
    }
  });

  it('clears and cleans through the catalogue, each action in the audit log', async () => {
    serveCatalogue();
    const cleared = await post('clear');
    expect(cleared.status).toBe(200);
    expect(adminCacheClearResponseSchema.parse(await cleared.json())).toEqual({
      success: true,
      namespaces: ['animes', 'cards', 'characters', 'ranks', 'seasons', 'stats'],
      keysRemoved: 6,
    });
    const cleaned = await post('cleanup');
    expect(adminCacheCleanupResponseSchema.parse(await cleaned.json())).toEqual({
      success: true,
      expiredRemoved: 4,
      usersForgotten: 1,
    });
    const events = (await h.outboxEvents('audit.recorded')) as Array<Record<string, unknown>>;
    const actions = events.filter((d) => String(d.action).startsWith('cache.'));
    expect(actions).toEqual([
      expect.objectContaining({ action: 'cache.cleared', category: 'system', actorId: 7, service: 'admin' }),
      expect.objectContaining({ action: 'cache.cleaned', category: 'system', actorId: 7, service: 'admin' }),
    ]);
    expect(String(actions[0]!.description)).toContain('6 key(s)');
    // The image proxies hear the clear, to empty their in-memory tier (rules §41).
    expect(await h.outboxEvents(cacheCleared.type)).toEqual([
      { namespaces: ['animes', 'cards', 'characters', 'ranks', 'seasons', 'stats'], keysRemoved: 6 },
    ]);
  });

  it('answers 503 when the catalogue fails to clear, recording nothing', async () => {
    serveCatalogue(true);
    const before = (await h.outboxEvents('audit.recorded')).length;
    const res = await post('clear');
    expect(res.status).toBe(503);
    expect((await h.outboxEvents('audit.recorded')).length).toBe(before);
  });

  it('is for administrators only: 401 signed out, 403 below level 3', async () => {
    serveCatalogue();
    expect((await get({})).status).toBe(401);
    expect((await get(asUser(5, 2))).status).toBe(403);
    for (const action of ['clear', 'cleanup'] as const) {
      expect((await post(action, {})).status).toBe(401);
      expect((await post(action, asUser(5, 2))).status).toBe(403);
    }
  });
});
