/**
 * What a card image costs: cold renders of 100 different cards per format (sharp only, then
 * through HTTP with the catalogue look-up), and cached hits with wrk (full answers and 304
 * revalidations; the hot tier answers most of them, hits.ts compares them with a bare route).
 * The service runs in a process of its own with a stand-in catalogue on the in-process bus, and
 * the cache from REDIS_URL when set (else in memory).
 *
 *   pnpm exec tsx services/image-proxy/bench/render.ts [--duration 10] [--connections 50]
 *
 * Figures depend on the machine; CI does not assert them.
 */
import { parseArgs } from 'node:util';
import { ensureWrk, type LoadOptions, load } from '@acg/bench';
import type { ImageFormat } from '../src/domain/image-format';
import { inlineImageSource } from '../src/images/source';
import { DEFAULT_FACE, renderCard } from '../src/render/card';
import { benchCards } from './cards';
import { spawnService, stopService } from './service';

const ACCEPT: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png' };
const FORMATS: ImageFormat[] = ['webp', 'avif', 'png'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};
const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  ensureWrk();
  const cards = await benchCards();

  // Fonts and codecs load on first use; that is start-up, not a card's render.
  for (const format of FORMATS)
    await renderCard(
      { ...cards[0]!, series: 'Bench Series', seasonYear: null },
      DEFAULT_FACE,
      format,
      inlineImageSource,
    );

  console.log(`\nCold renders of ${cards.length} different cards, one at a time\n`);
  console.log(
    '| format | sharp only: median ms | p95 ms | mean KB | HTTP incl. catalogue look-up: median ms | p95 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  const service = await spawnService({ BENCH_CARDS: String(cards.length) });
  try {
    for (const format of FORMATS) {
      const renderTimes: number[] = [];
      let bytes = 0;
      for (const card of cards) {
        const started = performance.now();
        bytes += (
          await renderCard(
            { ...card, series: 'Bench Series', seasonYear: null },
            DEFAULT_FACE,
            format,
            inlineImageSource,
          )
        ).length;
        renderTimes.push(performance.now() - started);
      }
      const httpTimes: number[] = [];
      for (const card of cards) {
        const started = performance.now();
        const res = await fetch(`${service.url}/api/cards/${card.id}/image`, {
          headers: { accept: ACCEPT[format] },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`card ${card.id}: ${res.status}`);
        httpTimes.push(performance.now() - started);
      }
      const r = summary(renderTimes);
      const h = summary(httpTimes);
      console.log(
        `| ${format} | ${ms(r.median)} | ${ms(r.p95)} | ${(bytes / cards.length / 1024).toFixed(1)} | ${ms(h.median)} | ${ms(h.p95)} |`,
      );
    }

    console.log(
      `\nCached hits, ${connections} connections, ${duration} s each, wrk -t1 (cache: ${process.env.REDIS_URL ? 'redis' : 'memory'})\n`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|');
    // Card 2 is a typical card (generated art, a summary of ~500 bytes); card 1 carries its art
    // as a ~200 KB data: URL inside its summary, which every hit reads and parses.
    const plain = `${service.url}/api/cards/2/image`;
    const etag = (await fetch(plain, { headers: { accept: ACCEPT.webp } })).headers.get('etag')!;
    const base = { connections, durationSeconds: duration };
    const runs: Array<[string, LoadOptions]> = [
      ['one card, WebP', { ...base, url: plain, headers: { accept: ACCEPT.webp } }],
      ['one card, AVIF', { ...base, url: plain, headers: { accept: ACCEPT.avif } }],
      [
        'revalidation (If-None-Match, 304)',
        { ...base, url: plain, headers: { accept: ACCEPT.webp, 'if-none-match': etag } },
      ],
      [
        `${cards.length} cards in turn, WebP (a third with inline art)`,
        {
          ...base,
          url: service.url,
          headers: { accept: ACCEPT.webp },
          paths: cards.map((c) => `/api/cards/${c.id}/image`),
        },
      ],
      [
        'one card with 200 KB inline art in its summary, WebP',
        { ...base, url: `${service.url}/api/cards/1/image`, headers: { accept: ACCEPT.webp } },
      ],
    ];
    for (const [name, opts] of runs) {
      await load({ ...opts, durationSeconds: 2 }); // warm-up
      const r = await load(opts);
      console.log(
        `| ${name} | ${Math.round(r.rps)} | ${r.p50ms.toFixed(2)} | ${r.p99ms.toFixed(2)} | ${r.errors} |`,
      );
    }
  } finally {
    await stopService(service);
  }
}

await main();
