import { rankListSchema } from '@acg/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ranks } from '../../db/schema';
import { type CatalogueHarness, startCatalogue } from '../../test/harness';

let h: CatalogueHarness;
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

describe('GET /api/ranks', () => {
  it('lists the nine ranks from E to X with colours and thresholds, to anyone', async () => {
    const res = await h.get('/api/ranks');
    expect(res.statusCode).toBe(200);
    const list = rankListSchema.parse(res.json());
    expect(list.map((r) => r.code)).toEqual(['E', 'D', 'C', 'B', 'A', 'S', 'SS', 'SSS', 'X']);
    expect(list.map((r) => r.sortOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list[5]).toMatchObject({
      code: 'S',
      title: 'Mythic',
      color: '#f44336',
      threshold: 80,
      imageUrl: null,
    });
  });

  it('serves the list from the ranks cache until an edit clears it', async () => {
    await h.get('/api/ranks');
    // A change behind the catalogue's back is not seen: the list comes from the cache…
    await h.database.db.update(ranks).set({ title: 'Sneaky' }).where(eq(ranks.code, 'E'));
    expect(rankListSchema.parse((await h.get('/api/ranks')).json())[0]!.title).toBe('Common');
    expect((await h.caches.ranks.stats()).hits).toBeGreaterThan(0);
    // …while an edit through the catalogue is seen at once.
    await h.editor.updateRank('D', { color: '#00ff00' });
    const list = rankListSchema.parse((await h.get('/api/ranks')).json());
    expect(list[0]!.title).toBe('Sneaky');
    expect(list[1]!.color).toBe('#00ff00');
  });
});
