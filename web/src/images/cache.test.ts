// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { createImageCache, IMAGE_CACHE } from './cache';

const DAY = 24 * 60 * 60 * 1000;
const bytes = (n: number) => new Blob([new Uint8Array(n)], { type: 'image/png' });
let storage: MemoryStorage;
let clock: number;
const cache = (maxBytes?: number) => createImageCache({ storage, now: () => clock, maxBytes });

beforeEach(() => {
  // A fresh browser database per test.
  globalThis.indexedDB = new IDBFactory();
  storage = new MemoryStorage();
  clock = Date.UTC(2026, 0, 1);
});

describe('the browser image cache', () => {
  it('keeps blobs in IndexedDB and metadata under the key prefix, counting hits and misses', async () => {
    const c = cache();
    expect(await c.get('/a.png')).toBeUndefined();
    await c.put('/a.png', bytes(1024));
    const blob = await c.get('/a.png');
    expect(blob?.size).toBe(1024);
    const meta = JSON.parse(storage.getItem(`${IMAGE_CACHE.prefix}meta:/a.png`)!);
    expect(meta).toMatchObject({ url: '/a.png', timestamp: clock, size: 1024 });
    expect(meta.hash).toMatch(/^[0-9a-f]{8}$/);
    expect(c.stats()).toMatchObject({ count: 1, hits: 1, misses: 1, hitRate: 0.5, maxSizeMB: 200 });
    // The counters outlive the page: a new cache over the same storage reads them.
    expect(cache().stats()).toMatchObject({ hits: 1, misses: 1 });
    // The database is the spec's: its name, store 'images', version 1.
    const dbs = await indexedDB.databases();
    expect(dbs).toContainEqual({ name: IMAGE_CACHE.database, version: 1 });
  });

  it('removes an entry older than 7 days when read and counts a miss', async () => {
    const c = cache();
    await c.put('/old.png', bytes(10));
    clock += 7 * DAY;
    expect(await c.get('/old.png')).toBeDefined();
    clock += 1;
    expect(await c.get('/old.png')).toBeUndefined();
    expect(storage.getItem(`${IMAGE_CACHE.prefix}meta:/old.png`)).toBeNull();
    expect(c.stats()).toMatchObject({ count: 0, hits: 1, misses: 1 });
  });

  it('trims oldest first to 70% of the maximum when over it', async () => {
    const c = cache(1000);
    for (let i = 0; i < 5; i++) {
      await c.put(`/${i}.png`, bytes(200));
      clock += 1000;
    }
    expect(c.stats().count).toBe(5);
    // 1200 bytes > 1000: the oldest go until at most 700 are left.
    await c.put('/5.png', bytes(200));
    const left = [0, 1, 2, 3, 4, 5].filter((i) => storage.getItem(`${IMAGE_CACHE.prefix}meta:/${i}.png`));
    expect(left).toEqual([3, 4, 5]);
    expect(await c.get('/0.png')).toBeUndefined();
    expect((await c.get('/5.png'))?.size).toBe(200);
  });

  it('clears everything with its counters, and cleans only the expired entries', async () => {
    const c = cache();
    await c.put('/old.png', bytes(10));
    clock += 8 * DAY;
    await c.put('/new.png', bytes(10));
    await c.get('/new.png');
    expect(await c.cleanup()).toBe(1);
    expect(c.stats()).toMatchObject({ count: 1, hits: 1 });
    await c.clear();
    expect(c.stats()).toMatchObject({ count: 0, hits: 0, misses: 0, sizeMB: 0 });
    expect(await c.get('/new.png')).toBeUndefined();
  });
});
