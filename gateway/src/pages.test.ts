import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Echo, type Harness, session, sessionCookie, startHarness } from './testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.sessions.set('session-of-an-admin-01', session(3, 3, 'ru'));
});
afterAll(() => h.close());
beforeEach(() => {
  h.renderer.calls.length = 0;
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('pages', () => {
  it('renders a page route for the signed-in user in their language', async () => {
    const res = await h.request('/profile', {
      headers: { ...html, cookie: sessionCookie('session-of-an-admin-01') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('page /profile for user3 (3)');
    expect(h.renderer.calls).toEqual([
      { url: '/profile', user: { id: 3, adminLevel: 3, username: 'user3' }, language: 'ru' },
    ]);
  });

  it('renders /anime/{id} and keeps the query string for the app', async () => {
    const res = await h.request('/anime/5114?tab=cards', { headers: html });
    expect(await res.text()).toContain('page /anime/5114?tab=cards for guest');
  });

  it('renders home for any other path a browser navigates to', async () => {
    const res = await h.request('/no/such/screen', { headers: html });
    expect(res.status).toBe(200);
    expect(h.renderer.calls[0]?.url).toBe('/no/such/screen');
  });

  it('answers JSON 404 for unknown API paths and non-navigations', async () => {
    const api = await h.request('/api/no-such-call', { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
    const script = await h.request('/no/such/file.js', { headers: { accept: '*/*' } });
    expect(script.status).toBe(404);
    expect(h.renderer.calls).toEqual([]);
  });

  it('gives a browser navigation to /admin/cards the admin page, whoever asks', async () => {
    const res = await h.request('/admin/cards', { headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('page /admin/cards for guest');
    expect(h.upstreams.get('catalogue')!.hits.some((hit) => hit.url === '/admin/cards')).toBe(false);
  });

  it('forwards GET /admin/cards asking for JSON to the catalogue API', async () => {
    const res = await h.request('/admin/cards', {
      headers: { accept: 'application/json', cookie: sessionCookie('session-of-an-admin-01') },
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as Echo).toMatchObject({ service: 'catalogue', url: '/admin/cards' });
    expect(h.renderer.calls).toEqual([]);
  });

  it('gives /admin paths the table does not list the page on navigation and 404 otherwise', async () => {
    expect((await h.request('/admin/something/else', { headers: html })).status).toBe(200);
    expect(
      (await h.request('/admin/something/else', { headers: { accept: 'application/json' } })).status,
    ).toBe(404);
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await h.request('/assets/entry-Ab12Cd.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('console.log');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await h.request('/assets/missing-123.js')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only own scripts and own, data: and blob: images', async () => {
    const res = await h.request('/', { headers: html });
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // Plain http (the embedded mode): no upgrade of the page's own requests, no HSTS.
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('puts them on proxied API answers too', async () => {
    const res = await h.request('/api/stats');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
