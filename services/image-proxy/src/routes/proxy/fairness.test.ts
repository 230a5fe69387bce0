import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { createLogger, createMemoryBus, createMemoryCache } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from '../../config';
import { type ImageProxyService, start } from '../../start';
import { solidPng } from '../../test/upstream';

/**
 * Fair shares of the decode queue (issue 27): one client asking for many large uncached pictures
 * at once (a valid PNG of 6300×6300, 39.7 megapixels, just under the cap) gets 429s past its
 * share, and another client's small uncached pictures keep their idle latency. Loopback only,
 * every loop bounded.
 */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real, fully decodable black RGB PNG of `side`×`side` pixels (small: zeros compress well). */
function blackPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((side * 3 + 1) * side), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let images: Server;
let origin: string;
let service: ImageProxyService;
beforeAll(async () => {
  const large = blackPng(6300);
  const small = await solidPng([20, 120, 220], 64, 48);
  images = createServer((req, res) => {
    const body = req.url?.startsWith('/large/') ? large : small;
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  service = await start({
    config: imageProxyConfigSchema.parse({
      INTERNAL_SECRET: 'f'.repeat(32),
      PORT: '0',
      IMAGE_PROXY_ALLOW_ORIGINS: origin,
      IMAGE_PROXY_MISSES_PER_MINUTE: '1000',
      IMAGE_PROXY_TIMEOUT_MS: '20000',
    }),
    logger: createLogger('fairness-test', 'silent'),
    bus: createMemoryBus(),
    cache: createMemoryCache(),
  });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => images?.close(resolve));
});

let unique = 0;
const fetchAs = async (address: string, path: string) => {
  const started = performance.now();
  const res = await service.app.inject({
    method: 'GET',
    url: `/api/proxy-image?url=${encodeURIComponent(`${origin}${path}?v=${unique++}`)}`,
    headers: { 'x-forwarded-for': address, accept: 'image/png' },
  });
  return { status: res.statusCode, ms: performance.now() - started, retryAfter: res.headers['retry-after'] };
};
/** Eight small uncached pictures one after another, as a page's avatars load. */
const smallOnes = async (address: string) => {
  const answers = [];
  for (let i = 0; i < 8; i++) answers.push(await fetchAs(address, '/small/a.png'));
  return answers;
};
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

/** One round: a client's idle latency, then while another client asks for 12 large pictures. */
async function round(k: number) {
  const other = `203.0.113.${50 + k}`;
  await smallOnes(other); // warm-up: codecs loaded
  const idle = await smallOnes(other);
  let hammerDone = 0;
  const hammer = Promise.all(
    Array.from({ length: 12 }, () => fetchAs(`198.51.100.${66 + k}`, '/large/x.png')),
  ).then((answers) => {
    hammerDone = performance.now();
    return answers;
  });
  // The large decodes are under way before the other client starts.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const busy = await smallOnes(other);
  const busyDone = performance.now();
  const hammered = await hammer;
  return { idle, busy, hammered, overlapped: busyDone < hammerDone };
}

describe('fair shares of the decode queue', () => {
  it('keeps another client at its idle latency while one client asks for 12 large pictures at once', async () => {
    // Timing on a shared 2-core machine (other test files run beside this one): up to three
    // rounds, the first within the bound counts; without the fair queue every round takes seconds.
    let passed: Awaited<ReturnType<typeof round>> | undefined;
    for (let k = 0; k < 3 && !passed; k++) {
      const r = await round(k);
      const idleP99 = p99(r.idle.map((a) => a.ms));
      const busyP99 = p99(r.busy.map((a) => a.ms));
      console.log(
        `decode fairness round ${k + 1}: other client p99 idle ${idleP99.toFixed(0)} ms, while hammered ${busyP99.toFixed(0)} ms; ` +
          `hammering client ${r.hammered.filter((a) => a.status === 200).length}×200, ` +
          `${r.hammered.filter((a) => a.status === 429).length}×429, slowest ${Math.max(...r.hammered.map((a) => a.ms)).toFixed(0)} ms`,
      );
      // Whatever the round: the other client's pictures all served, while the large ones were
      // still being decoded; the hammering client has one decode running and two waiting, the
      // rest over its share.
      expect(r.busy.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(r.overlapped).toBe(true);
      expect(r.hammered.filter((a) => a.status === 200).length).toBe(3);
      expect(r.hammered.filter((a) => a.status === 429).length).toBe(9);
      expect(r.hammered.find((a) => a.status === 429)?.retryAfter).toBe('1');
      if (busyP99 <= 2 * idleP99 + 10) passed = r;
    }
    expect(passed, 'the other client within 2× of its idle p99 in one of three rounds').toBeDefined();
  });
});
