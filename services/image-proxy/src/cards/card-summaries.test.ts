import { type Cache, createLogger, createMemoryBus, isAppError } from '@acg/platform';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheImplementations } from '../test/caches';
import { type CatalogueStandIn, serveCatalogueStandIn } from '../test/catalogue-stand-in';
import { cardSummary } from '../test/factories';
import { type CardSummariesOptions, createCardSummaries } from './card-summaries';

const logger = createLogger('card-summaries-test', 'silent');

describe.each(cacheImplementations())('card summaries with the $name', ({ open }) => {
  const bus = createMemoryBus();
  let cache: Cache;
  let catalogue: CatalogueStandIn;
  let n = 0;
  const summaries = (over: Partial<CardSummariesOptions> = {}) =>
    createCardSummaries({
      bus,
      // A namespace per test: each starts with nothing cached.
      cache: cache.namespace(`summaries-${++n}`),
      logger,
      freshSeconds: 30,
      keepSeconds: 3600,
      timeoutMs: 300,
      ...over,
    });

  beforeAll(async () => {
    cache = await open();
  });
  beforeEach(() => {
    catalogue = serveCatalogueStandIn(bus);
    catalogue.cards.set(1, cardSummary(1));
  });
  afterEach(async () => {
    await catalogue.close();
  });
  afterAll(async () => {
    await cache.clear({ resetStats: true });
    await cache.close();
    await bus.drain();
  });

  it('asks the catalogue once while the summary is fresh, and shares concurrent look-ups', async () => {
    const s = summaries();
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.get(1)));
    expect(answers.every((c) => c?.version === 'v1-1')).toBe(true);
    expect(await s.get(1)).toEqual(cardSummary(1));
    expect(catalogue.calls).toBe(1);
  });

  it('sees a new version once the summary is no longer fresh', async () => {
    const s = summaries({ freshSeconds: 0 });
    expect((await s.get(1))?.version).toBe('v1-1');
    catalogue.cards.set(1, cardSummary(1, { version: 'v2-1', rankCode: 'A' }));
    expect((await s.get(1))?.version).toBe('v2-1');
  });

  it('answers undefined for a card the catalogue does not have, and forgets a deleted card', async () => {
    const s = summaries({ freshSeconds: 0 });
    expect(await s.get(404)).toBeUndefined();
    await s.get(1);
    catalogue.cards.delete(1);
    expect(await s.get(1)).toBeUndefined();
    // Deleted, then the catalogue goes down: the old summary is not brought back.
    await catalogue.stop();
    await expect(s.get(1)).rejects.toMatchObject({ status: 503 });
  });

  it('uses the last known summary while the catalogue is down', async () => {
    const s = summaries({ freshSeconds: 0 });
    await s.get(1);
    await catalogue.stop();
    expect((await s.get(1))?.version).toBe('v1-1');
  });

  it('turns every catalogue failure into a 503 for a card never seen', async () => {
    const s = summaries({ freshSeconds: 0 });
    await catalogue.stop();
    const noResponders = await s.get(2).catch((e: unknown) => e);
    expect(isAppError(noResponders) && [noResponders.status, noResponders.code]).toEqual([
      503,
      'upstream_unavailable',
    ]);
    catalogue.restart();
    catalogue.behave('fail');
    const crashed = await s.get(3).catch((e: unknown) => e);
    expect(isAppError(crashed) && [crashed.status, crashed.code]).toEqual([503, 'service_unavailable']);
    catalogue.behave('hang');
    const slow = await s.get(4).catch((e: unknown) => e);
    expect(isAppError(slow) && [slow.status, slow.code]).toEqual([503, 'upstream_timeout']);
  });

  it('ignores a cached value that is not a summary', async () => {
    const namespace = cache.namespace('summaries-garbage');
    await namespace.set('1', { card: { id: 1, name: 'not a summary' }, fetchedAt: Date.now() });
    const s = createCardSummaries({
      bus,
      cache: namespace,
      logger,
      freshSeconds: 30,
      keepSeconds: 60,
      timeoutMs: 300,
    });
    expect((await s.get(1))?.characterName).toBe('Hero 1');
    expect(catalogue.calls).toBe(1);
  });
});
