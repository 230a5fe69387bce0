/**
 * What a cached hit costs next to the cheapest possible answer: a bare Fastify route returning
 * the same bytes from memory. Card image hits (WebP), their 304 revalidations and proxied image
 * hits, each beside the bare route, in one run; then the same hits with the hot tier off (the
 * shared cache only) for comparison. The service runs in a process of its own with a stand-in
 * catalogue on the in-process bus and the cache from REDIS_URL when set (else in memory); the
 * bare route and the upstream of the proxied image run in this process; load comes from wrk.
 *
 *   pnpm exec tsx services/image-proxy/bench/hits.ts [--duration 5] [--connections 50]
 *
 * Figures depend on the machine (and on what else runs on it); CI does not assert them.
 */
import { parseArgs } from 'node:util';
import { drawPortrait } from '@acg/fakes';
import Fastify from 'fastify';
import { spawnService, stopService } from './service';
import { ensureWrk, fmt, type LoadResult, load } from './wrk';

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

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
  });
  const durationSeconds = Number(values.duration);
  const connections = Number(values.connections);
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

  const run = (url: string, headers: Record<string, string> = {}) =>
    load({ url, headers, connections, durationSeconds: 1 }).then(() =>
      load({ url, headers, connections, durationSeconds }),
    );
  const rows: Array<[string, LoadResult, number?]> = [];

  for (const hot of [true, false]) {
    const service = await spawnService({
      BENCH_UPSTREAM: upstreamUrl,
      BENCH_HOT_BYTES: hot ? String(64 * 1024 * 1024) : '0',
    });
    try {
      const cardUrl = `${service.url}/api/cards/2/image`;
      const proxiedUrl = `${service.url}/api/proxy-image?url=${encodeURIComponent(`${upstreamUrl}/art/1.jpg`)}`;
      const card = await bytesOf(cardUrl, WEBP);
      const proxied = await bytesOf(proxiedUrl, WEBP);
      bodies.set('card', card);
      bodies.set('proxied', proxied);
      const tier = hot ? 'hot tier' : 'hot tier off';
      const bareCard = hot ? await run(`${bareUrl}/bytes/card`) : undefined;
      if (bareCard) rows.push([`bare Fastify route, the card's ${card.body.length} bytes`, bareCard]);
      const cardHit = await run(cardUrl, WEBP);
      rows.push([`card image hit, WebP (${tier})`, cardHit, rows[0]![1].rps]);
      const revalidation = await run(cardUrl, { ...WEBP, 'if-none-match': card.etag });
      rows.push([`card image 304 revalidation (${tier})`, revalidation, rows[0]![1].rps]);
      const bareProxied = hot ? await run(`${bareUrl}/bytes/proxied`) : undefined;
      if (bareProxied)
        rows.push([`bare Fastify route, the proxied image's ${proxied.body.length} bytes`, bareProxied]);
      const bareProxiedRps = rows.find(([name]) => name.includes("proxied image's"))![1].rps;
      rows.push([`proxied image hit, WebP (${tier})`, await run(proxiedUrl, WEBP), bareProxiedRps]);
    } finally {
      await stopService(service);
    }
  }
  await Promise.all([upstream.close(), bare.close()]);

  console.log(
    `\nCached hits, ${connections} connections, ${durationSeconds} s each, wrk -t1 (cache: ${process.env.REDIS_URL ? 'redis' : 'memory'})\n`,
  );
  console.log('| request | req/s | p50 ms | p99 ms | errors | × bare route |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, result, bareRps] of rows)
    console.log(`| ${name} | ${fmt(result)} | ${bareRps ? (result.rps / bareRps).toFixed(2) : '1.00'} |`);
}

await main();
