/**
 * The image proxy in a process of its own for the benchmarks (hits.ts, render.ts, vs-nginx.ts): a stand-in
 * catalogue on the in-process bus, the cache from REDIS_URL when set (else in memory). The
 * parent reads its URL from the `READY <url>` line it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cardsGet } from '@acg/contracts';
import { connectCache, createLogger, createMemoryBus, loadConfig } from '@acg/platform';
import { imageProxyConfigSchema } from '../src/config';
import { start } from '../src/start';
import { benchCards } from './cards';

const logger = createLogger('bench', 'silent');

/**
 * The service with a stand-in catalogue serving BENCH_CARDS bench cards (default 10), configured
 * from BENCH_* variables: BENCH_UPSTREAM (an origin it may fetch from on loopback), BENCH_HOT_BYTES (the hot tier's
 * size), BENCH_MAX_SIDE (proxied images' largest side).
 */
export async function runService(): Promise<string> {
  const cards = new Map((await benchCards(Number(process.env.BENCH_CARDS ?? 10))).map((c) => [c.id, c]));
  const bus = createMemoryBus({ logger });
  bus.serve(cardsGet, async ({ ids }) => ({ cards: ids.flatMap((id) => cards.get(id) ?? []) }));
  const prefix = `acgbench-hits-${process.pid}`;
  const cache = await connectCache({ redisUrl: process.env.REDIS_URL, prefix, logger });
  await cache.clear({ resetStats: true });
  const config = loadConfig(imageProxyConfigSchema, {
    INTERNAL_SECRET: 'bench-internal-secret-0123456789abcdef',
    PORT: '0',
    LOG_LEVEL: 'silent',
    IMAGE_PROXY_ALLOW_ORIGINS: process.env.BENCH_UPSTREAM ?? '',
    IMAGE_HOT_CACHE_BYTES: process.env.BENCH_HOT_BYTES ?? String(64 * 1024 * 1024),
    IMAGE_PROXY_MAX_SIDE: process.env.BENCH_MAX_SIDE ?? '2048',
    // Cold-resize runs fetch thousands of new URLs from one address.
    IMAGE_PROXY_MISSES_PER_MINUTE: '100000000',
  });
  const running = await start({ config, logger, bus, cache });
  process.once('SIGTERM', async () => {
    await running.close();
    await cache.clear({ resetStats: true });
    await cache.close();
    process.exit(0);
  });
  return running.url;
}

export function spawnService(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, 'service'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`service exited early with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, url: line.slice('READY '.length) });
    });
  });
}

export async function stopService(service: { child: ChildProcess }): Promise<void> {
  service.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await exited;
}

if (process.argv[1] === import.meta.filename && process.argv[2] === 'service')
  console.log(`READY ${await runService()}`);
