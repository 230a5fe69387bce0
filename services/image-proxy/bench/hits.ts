/**
 * What a cached hit costs next to the cheapest possible answer: a bare Fastify route returning
 * the same bytes from memory. Card image hits (WebP), their 304 revalidations and proxied image
 * hits, each beside the bare route, and the same hits with the hot tier off (the shared cache
 * only), in one run: every request in turn, round after round, each ratio within its round. The service runs in a process of its own with a stand-in
 * catalogue on the in-process bus and the cache from REDIS_URL when set (else in memory); the
 * bare route and the upstream of the proxied image run in this process; load comes from wrk.
 *
 *   pnpm exec tsx services/image-proxy/bench/hits.ts [--duration 4] [--connections 50] [--rounds 3]
 *
 * Figures depend on the machine (and on what else runs on it); CI does not assert them.
 */
import { parseArgs } from 'node:util';
import { ensureWrk, type LoadResult, load } from '@acg/bench';
import { drawPortrait } from '@acg/fakes';
import Fastify from 'fastify';
import { spawnService, stopService } from './service';

const WEBP = { accept: 'image/webp,*/*' };

async function bytesOf(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type')!,
    etag: res.headers.get('etag')!,
  };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: 'string', default: '4' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const durationSeconds = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  ensureWrk();

  // The proxied image's upstream: a real-looking portrait (800x1200 JPEG, as art is).
  const art = await drawPortrait(1, { width: 800, height: 1200 });
  const upstream = Fastify();
  upstream.get('/art/1.jpg', (_req, reply) => reply.type('image/jpeg').send(art));
  const upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });

  const bare = Fastify();
  const bodies = new Map<string, { body: Buffer; type: string }>();
  bare.get('/bytes/:name', (req, reply) => {
    const found = bodies.get((req.params as { name: string }).name)!;
    return reply.type(found.type).send(found.body);
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  // Two services: the hot tier on and off; idle while the other is measured.
  const services = {
    hot: await spawnService({ BENCH_UPSTREAM: upstreamUrl }),
    off: await spawnService({ BENCH_UPSTREAM: upstreamUrl, BENCH_HOT_BYTES: '0' }),
  };
  type Case = { name: string; url: string; headers?: Record<string, string>; bare?: string };
  const cases: Case[] = [];
  try {
    const proxiedPath = `/api/proxy-image?url=${encodeURIComponent(`${upstreamUrl}/art/1.jpg`)}`;
    const card = await bytesOf(`${services.hot.url}/api/cards/2/image`, WEBP);
    const proxied = await bytesOf(`${services.hot.url}${proxiedPath}`, WEBP);
    await bytesOf(`${services.off.url}/api/cards/2/image`, WEBP);
    await bytesOf(`${services.off.url}${proxiedPath}`, WEBP);
    bodies.set('card', card);
    bodies.set('proxied', proxied);
    const bareCard = `bare Fastify route, the card's ${card.body.length} bytes`;
    const bareProxied = `bare Fastify route, the proxied image's ${proxied.body.length} bytes`;
    cases.push({ name: bareCard, url: `${bareUrl}/bytes/card` });
    for (const tier of ['hot', 'off'] as const) {
      const label = tier === 'hot' ? 'hot tier' : 'hot tier off';
      const base = services[tier].url;
      cases.push(
        {
          name: `card image hit, WebP (${label})`,
          url: `${base}/api/cards/2/image`,
          headers: WEBP,
          bare: bareCard,
        },
        {
          name: `card image 304 revalidation (${label})`,
          url: `${base}/api/cards/2/image`,
          headers: { ...WEBP, 'if-none-match': card.etag },
          bare: bareCard,
        },
      );
    }
    cases.push({ name: bareProxied, url: `${bareUrl}/bytes/proxied` });
    for (const tier of ['hot', 'off'] as const)
      cases.push({
        name: `proxied image hit, WebP (${tier === 'hot' ? 'hot tier' : 'hot tier off'})`,
        url: `${services[tier].url}${proxiedPath}`,
        headers: WEBP,
        bare: bareProxied,
      });
    // Warm-up, then the cases in turn, round after round: a noisy neighbour slows a round's
    // runs alike, and each ratio is taken within its round.
    for (const c of cases) await load({ url: c.url, headers: c.headers, connections, durationSeconds: 1 });
    const results = new Map<string, LoadResult[]>(cases.map((c) => [c.name, []]));
    for (let round = 0; round < rounds; round++)
      for (const c of cases)
        results
          .get(c.name)!
          .push(await load({ url: c.url, headers: c.headers, connections, durationSeconds }));

    console.log(
      `\nCached hits, ${connections} connections, ${rounds} rounds of ${durationSeconds} s per request, wrk -t1 ` +
        `(cache: ${process.env.REDIS_URL ? 'redis' : 'memory'}); medians over the rounds\n`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | errors | × bare route | × bare, each round |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const c of cases) {
      const runs = results.get(c.name)!;
      const ratios = c.bare ? runs.map((r, i) => r.rps / results.get(c.bare!)![i]!.rps) : [];
      console.log(
        `| ${c.name} | ${Math.round(median(runs.map((r) => r.rps)))} | ${median(runs.map((r) => r.p50ms)).toFixed(2)} | ` +
          `${median(runs.map((r) => r.p99ms)).toFixed(2)} | ${runs.reduce((n, r) => n + r.errors, 0)} | ` +
          `${c.bare ? median(ratios).toFixed(2) : '1.00'} | ${ratios.map((r) => r.toFixed(2)).join(', ')} |`,
      );
    }
  } finally {
    await Promise.all([stopService(services.hot), stopService(services.off)]);
    await Promise.all([upstream.close(), bare.close()]);
  }
}

await main();
