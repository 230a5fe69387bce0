import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingFor } from './answer-compression';

const json = { 'content-type': 'application/json; charset=utf-8' };
const chosen = (acceptEncoding: string) => encodingFor({ 'accept-encoding': acceptEncoding }, 200, json);

/** What a client's Accept-Encoding should get (RFC 9110 q-values; brotli on a tie). */
const EXPECTED: [string, 'br' | 'gzip' | undefined][] = [
  ['gzip, deflate, br', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['br;q=0.8, gzip;q=0.9', 'gzip'],
  ['br;q=0.5, gzip;q=0.5', 'br'],
  ['GZIP, DEFLATE', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['*', 'gzip'],
  ['deflate', undefined],
  ['identity', undefined],
  ['gzip;q=0', undefined],
  ['gzip;q=0, br;q=0', undefined],
];

describe('encodingFor', () => {
  it("takes the coding the client's Accept-Encoding prefers", () => {
    for (const [header, expected] of EXPECTED) expect(chosen(header), header).toBe(expected);
  });

  it('sends as it is what must not be compressed', () => {
    expect(encodingFor({}, 200, json)).toBeUndefined();
    expect(encodingFor({ 'accept-encoding': 'br', 'x-no-compression': '1' }, 200, json)).toBeUndefined();
    expect(encodingFor({ 'accept-encoding': 'br' }, 206, json)).toBeUndefined();
    expect(
      encodingFor({ 'accept-encoding': 'br' }, 200, { ...json, 'content-encoding': 'gzip' }),
    ).toBeUndefined();
    expect(encodingFor({ 'accept-encoding': 'br' }, 200, { 'content-type': 'image/png' })).toBeUndefined();
  });
});

describe('API answers and pages agree', () => {
  // The pages' compression as registerPages sets it up: brotli, else gzip.
  const pages = Fastify();
  beforeAll(async () => {
    await pages.register(compress, { encodings: ['br', 'gzip'], threshold: 0 });
    pages.get('/', async () => ({ words: 'character card rank '.repeat(100) }));
    await pages.ready();
  });
  afterAll(() => pages.close());

  it('chooses the coding @fastify/compress chooses for a page, for every header above', async () => {
    for (const [header] of EXPECTED) {
      const res = await pages.inject({ url: '/', headers: { 'accept-encoding': header } });
      const page = res.headers['content-encoding'];
      expect(chosen(header), header).toBe(page === 'br' || page === 'gzip' ? page : undefined);
    }
  });
});
