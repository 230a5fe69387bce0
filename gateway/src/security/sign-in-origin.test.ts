import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, requestWithHost, startHarness } from '../testing/harness';
import { isPublicHost, onPublicOrigin } from './public-origin';

let h: Harness;
beforeAll(async () => {
  // PUBLIC_URL is http://localhost:3000; the gateway itself listens on 127.0.0.1:<free port>.
  h = await startHarness({ upstreams: ['auth'], services: ['auth'] });
});
afterAll(() => h?.close());

const get = (path: string, headers: { host: string }) => requestWithHost(h.url, path, headers.host);

const authHits = () => h.upstreams.get('auth')!.hits.length;

describe('a sign-in started on another host name than PUBLIC_URL', () => {
  it('is sent to the same path on the public origin first, keeping the page to return to', async () => {
    const before = authHits();
    const res = await h.request('/auth/discord?returnTo=%2Fcharacters');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/auth/discord?returnTo=%2Fcharacters');
    // Nothing reached auth: no sign-in cookie was set for the wrong host.
    expect(authHits()).toBe(before);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('builds the target from PUBLIC_URL, whatever the Host header says', async () => {
    const res = await get('/auth/discord', { host: 'evil.example' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('http://localhost:3000/auth/discord');
    const tricky = await get('/auth/discord?returnTo=/x', { host: 'localhost:3000@evil.example' });
    expect(tricky.location).toBe('http://localhost:3000/auth/discord?returnTo=/x');
  });

  it('goes straight to auth when the Host is the public one', async () => {
    const before = authHits();
    const res = await get('/auth/discord?returnTo=/profile', { host: 'LOCALHOST:3000' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ service: 'auth', url: '/auth/discord?returnTo=/profile' });
    expect(authHits()).toBe(before + 1);
  });

  it('leaves the callback and every other route alone', async () => {
    const callback = await h.request('/auth/discord/callback?code=x&state=y');
    expect(callback.status).toBe(200);
    expect((await callback.json()).service).toBe('auth');
  });
});

describe('public origin helpers', () => {
  it.each([
    ['localhost:3000', 'http://localhost:3000', true],
    ['LocalHost:3000', 'http://localhost:3000', true],
    ['cards.example', 'https://cards.example', true],
    ['cards.example:443', 'https://cards.example', true],
    ['127.0.0.1:3000', 'http://localhost:3000', false],
    ['localhost:3001', 'http://localhost:3000', false],
    ['localhost:3000@evil.example', 'http://localhost:3000', false],
    ['localhost:3000/x', 'http://localhost:3000', false],
    ['', 'http://localhost:3000', false],
    [undefined, 'http://localhost:3000', false],
  ])('isPublicHost(%j, %s) is %s', (host, publicUrl, expected) => {
    expect(isPublicHost(host, publicUrl)).toBe(expected);
  });

  it('moves a request URL onto the public origin and nowhere else', () => {
    expect(onPublicOrigin('/auth/discord?returnTo=%2Fa', 'http://localhost:3000')).toBe(
      'http://localhost:3000/auth/discord?returnTo=%2Fa',
    );
    expect(onPublicOrigin('//evil.example/auth/discord', 'http://localhost:3000')).toMatch(
      /^http:\/\/localhost:3000\//,
    );
    expect(onPublicOrigin('http://evil.example/auth/discord', 'https://cards.example/')).toBe(
      'https://cards.example/auth/discord',
    );
  });
});

describe('behind a trusted proxy', () => {
  let proxied: Harness;
  beforeAll(async () => {
    proxied = await startHarness({ upstreams: ['auth'], services: ['auth'], env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => proxied?.close());

  it('compares the host the proxy says the visitor used', async () => {
    const viaPublic = await proxied.request('/auth/discord', {
      headers: { 'x-forwarded-host': 'localhost:3000' },
    });
    expect(viaPublic.status).toBe(200);
    const viaOther = await proxied.request('/auth/discord', {
      headers: { 'x-forwarded-host': '127.0.0.1:3000' },
    });
    expect(viaOther.status).toBe(302);
    expect(viaOther.headers.get('location')).toBe('http://localhost:3000/auth/discord');
  });
});
