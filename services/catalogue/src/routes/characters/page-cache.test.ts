import { createMemoryCache } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { characterPageCache, preferredEncoding } from './page-cache';

describe('preferredEncoding', () => {
  it('takes gzip when the client accepts it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(preferredEncoding('br;q=1.0, GZIP;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
  });
  it('sends the plain bytes otherwise', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('br, deflate')).toBe('identity');
    expect(preferredEncoding('gzip;q=0')).toBe('identity');
    expect(preferredEncoding('gzip; q=0.0, identity')).toBe('identity');
  });
});

describe('characterPageCache', () => {
  /** A shared cache that counts the byte reads this process makes of it. */
  const sharedCache = () => {
    const ns = createMemoryCache().namespace('characters');
    let reads = 0;
    const getBuffer = ns.getBuffer.bind(ns);
    ns.getBuffer = (key: string) => {
      reads++;
      return getBuffer(key);
    };
    return { ns, reads: () => reads };
  };
  const page = (bytes: number) => async () => ({
    json: JSON.stringify([{ name: 'a'.repeat(bytes) }]),
    total: 1,
    nextAfter: null,
  });

  it('keeps answers up to a quarter of its budget in memory, and reads larger ones from the shared cache', async () => {
    const shared = sharedCache();
    const cached = characterPageCache(shared.ns, 60, 64 * 1024);
    await cached('small', 'identity', page(10 * 1024));
    await cached('large', 'identity', page(20 * 1024));
    const before = shared.reads();
    expect((await cached('small', 'identity', page(1))).bytes.length).toBeGreaterThan(10 * 1024);
    expect(shared.reads()).toBe(before);
    expect((await cached('large', 'identity', page(1))).bytes.length).toBeGreaterThan(20 * 1024);
    expect(shared.reads()).toBe(before + 1);
  });

  it('keeps nothing in memory with a budget of 0', async () => {
    const shared = sharedCache();
    const cached = characterPageCache(shared.ns, 60, 0);
    await cached('small', 'identity', page(100));
    await cached('small', 'identity', page(1));
    await cached('small', 'identity', page(1));
    expect(shared.reads()).toBe(2);
  });
});
