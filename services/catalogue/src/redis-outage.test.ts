import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueHarness, signedIn, startCatalogue } from './test/harness';

/**
 * Redis is a cache, not a dependency (issue 23, rules §48): with the catalogue's Redis stopped,
 * its lists are answered from PostgreSQL, at once; started again (empty), it is used again. The
 * Redis server is this file's own, on a spare port: the shared one is never stopped.
 */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
    child.once('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const LISTS = ['/api/characters', '/api/anime', '/api/ranks'];
/** The catalogue's timeout as the gateway sees it would be seconds; a fast fail is far below. */
const WITHIN_MS = 1500;

describe('the catalogue with its Redis gone', () => {
  let port: number;
  let redis: ChildProcess;
  let h: CatalogueHarness;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    h = await startCatalogue({}, { redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    if (redis.exitCode !== null || redis.signalCode !== null) redis = await startRedis(port);
    await h?.close();
    await stopRedis(redis);
  });

  it('answers its lists from PostgreSQL, fast, and uses Redis again once it is back', async () => {
    const before = new Map<string, unknown>();
    for (const url of LISTS) {
      const res = await h.get(url, signedIn(7));
      expect(res.statusCode, url).toBe(200);
      before.set(url, res.json());
    }
    expect(h.cache.kind).toBe('redis');
    expect(await h.cache.ready()).toBe(true);

    await stopRedis(redis);
    expect(await h.cache.ready()).toBe(false);
    for (let round = 0; round < 3; round++) {
      for (const url of LISTS) {
        const began = performance.now();
        const res = await h.get(url, signedIn(7));
        expect(res.statusCode, `${url} with Redis gone`).toBe(200);
        expect(performance.now() - began, url).toBeLessThan(WITHIN_MS);
        expect(res.json()).toEqual(before.get(url));
      }
    }

    redis = await startRedis(port);
    const back = Date.now();
    await expect.poll(() => h.cache.ready(), { timeout: 5000, interval: 100 }).toBe(true);
    expect(Date.now() - back).toBeLessThan(5000);
    for (const url of LISTS) expect((await h.get(url, signedIn(7))).statusCode).toBe(200);
    // The lists are cached again: the namespaces hold keys in the new, empty server.
    const stats = await h.cache.stats();
    expect(stats.reduce((n, s) => n + s.keys, 0)).toBeGreaterThan(0);
  });
});
