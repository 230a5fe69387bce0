import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, usersGet } from '@acg/contracts';
import { createLogger, createMemoryBus, type Subscription } from '@acg/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upstreamVariable } from '../config';
import { type Harness, session, sessionCookie, startHarness } from '../testing/harness';

/**
 * An address naming an anime or a collector that does not exist answers 404 with the not-found
 * page (issue 22 item 4): the gateway asks the owner (the anime search over HTTP, auth over the
 * bus) before it renders. Owners that cannot answer leave the page as it is.
 */
const bus = createMemoryBus({ logger: createLogger('page-ids-test', 'silent') });
let h: Harness;
let animeSearch: Server;
const asked: { url: string; headers: IncomingHttpHeaders }[] = [];
let users: Subscription | undefined;
/** The anime search's answer time, to try the look-up's timeout. */
let delayMs = 0;

const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  // A stand-in anime search: 5114 exists, anything else is not found.
  animeSearch = createServer((req, res) => {
    asked.push({ url: req.url ?? '', headers: req.headers });
    setTimeout(() => {
      const known = req.url === '/api/anime/5114/details';
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { id: 5114 } : { error: 'Anime not found on Shikimori' }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => animeSearch.listen(0, '127.0.0.1', resolve));
  const port = (animeSearch.address() as AddressInfo).port;
  h = await startHarness({
    bus,
    env: { [upstreamVariable('anime-search')]: `http://127.0.0.1:${port}`, PAGE_LOOKUP_TIMEOUT_MS: '300' },
  });
  h.sessions.set('session-of-a-reader-01', session(4, 0, 'ru'));
});
afterAll(async () => {
  await users?.stop();
  await h.close();
  await bus.drain();
  await new Promise((resolve) => animeSearch.close(resolve));
});
beforeEach(() => {
  h.renderer.calls.length = 0;
  asked.length = 0;
  delayMs = 0;
});

describe('addresses naming an unknown id', () => {
  it('renders /anime/{id} as the not-found page when the anime search has no such anime', async () => {
    const res = await h.request('/anime/99999999', {
      headers: { ...html, cookie: sessionCookie('session-of-a-reader-01') },
    });
    expect(res.status).toBe(200); // the stub renderer's status; the flag is what matters here
    expect(h.renderer.calls).toEqual([
      {
        url: '/anime/99999999',
        user: { id: 4, adminLevel: 0, username: 'user4' },
        language: 'ru',
        notFound: true,
      },
    ]);
    // Asked as the visitor: with their signed identity, never the client's own internal headers.
    expect(asked[0]?.url).toBe('/api/anime/99999999/details');
    expect(asked[0]?.headers[IDENTITY_HEADER]).toEqual(expect.any(String));
  });

  it('remembers an unknown id for a while: a reload is a 404 again without asking', async () => {
    await h.request('/anime/77777777', { headers: html });
    await h.request('/anime/77777777', { headers: html });
    expect(h.renderer.calls.map((c) => c.notFound)).toEqual([true, true]);
    expect(asked.map((a) => a.url)).toEqual(['/api/anime/77777777/details']);
    // A known id is asked each time (it may go away).
    await h.request('/anime/5114', { headers: html });
    await h.request('/anime/5114', { headers: html });
    expect(asked).toHaveLength(3);
  });

  it('renders a known anime as usual', async () => {
    await h.request('/anime/5114?tab=cards', { headers: html });
    expect(h.renderer.calls[0]).toEqual({ url: '/anime/5114?tab=cards', user: null, language: 'en' });
  });

  it('serves the page as usual when the anime search answers too late', async () => {
    delayMs = 1500;
    await h.request('/anime/424242', { headers: html });
    expect(h.renderer.calls[0]?.notFound).toBeUndefined();
  });

  it('asks auth about /u/{id}: unknown or malformed ids are not found, known ones render', async () => {
    // No one answering yet: the page is served as usual.
    await h.request('/u/7', { headers: html });
    expect(h.renderer.calls[0]?.notFound).toBeUndefined();
    users = bus.serve(usersGet, async ({ ids }) => ({
      users: ids
        .filter((id) => id === 7)
        .map((id) => ({
          id,
          username: 'rin',
          displayName: 'Rin',
          discriminator: '0',
          discordId: '1',
          avatar: null,
        })),
    }));
    h.renderer.calls.length = 0;
    await h.request('/u/7', { headers: html });
    await h.request('/u/8', { headers: html });
    await h.request('/u/abc', { headers: html });
    expect(h.renderer.calls.map((c) => [c.url, c.notFound ?? false])).toEqual([
      ['/u/7', false],
      ['/u/8', true],
      ['/u/abc', true],
    ]);
  });

  it('leaves other paths alone (unknown paths are home, requirements M2)', async () => {
    await h.request('/no/such/screen', { headers: html });
    await h.request('/characters', { headers: html });
    expect(h.renderer.calls.map((c) => c.notFound)).toEqual([undefined, undefined]);
    expect(asked).toEqual([]);
  });
});
