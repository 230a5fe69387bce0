import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, session, sessionCookie, startHarness } from '../testing/harness';
import { apiDocument, wantsHtml } from './api-docs';
import { escapeHtml, renderApiDocsPage } from './api-docs-page';

/**
 * GET /api/docs through a real gateway (rules §46): administrators only, the committed
 * document as JSON, or a readable page when the browser asks for HTML.
 */
let h: Harness;
const ADMIN = 'session-of-an-admin-000001';
const MEMBER = 'session-of-a-member-000002';

beforeAll(async () => {
  h = await startHarness({ upstreams: [] });
  h.sessions.set(ADMIN, session(1, 3));
  h.sessions.set(MEMBER, session(2, 0));
});
afterAll(async () => {
  await h?.close();
});

const get = (path: string, sessionId: string | null, accept: string) =>
  h.request(path, { headers: { accept, ...(sessionId ? { cookie: sessionCookie(sessionId) } : {}) } });

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /api/docs', () => {
  it('is refused to the signed-out (401) and to members below the admin level (403)', async () => {
    const anonymous = await get('/api/docs', null, 'application/json');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('authentication_required');
    const member = await get('/api/docs', MEMBER, 'application/json');
    expect(member.status).toBe(403);
    expect((await member.json()).code).toBe('forbidden');
  });

  it('answers an administrator the committed document as JSON, never cached', async () => {
    const res = await get('/api/docs', ADMIN, 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(body.openapi).toBe('3.1.0');
    expect(body.paths['/api/docs']?.get).toMatchObject({ 'x-access': 'admin' });
    expect(body).toEqual(apiDocument);
  });

  it('answers a browser navigation with the readable page, and format=json with JSON', async () => {
    const page = await get('/api/docs', ADMIN, BROWSER_ACCEPT);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<section id="service-trades"><h2>trades</h2>');
    expect(html).toContain('<code class="path">/trade/api/{id}/{action}</code>');
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    const json = await get('/api/docs?format=json', ADMIN, BROWSER_ACCEPT);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const bad = await get('/api/docs?format=yaml', ADMIN, 'application/json');
    expect(bad.status).toBe(400);
  });
});

describe('the docs page', () => {
  it('escapes every text it shows', () => {
    const page = renderApiDocsPage({
      openapi: '3.1.0',
      info: { title: '<b>API</b>', version: '1' },
      tags: [{ name: 'x"><script>' }],
      paths: {
        '/p/<i>': {
          get: {
            operationId: 'op"1',
            tags: ['x"><script>'],
            'x-access': 'admin',
            parameters: [
              { name: '<q>', in: 'query', required: false, schema: { pattern: '</pre><script>' } },
            ],
            responses: { '200': { description: '<ok>', content: { 'application/json': { schema: {} } } } },
          },
        },
      },
    });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>API');
    expect(page).toContain('&#60;b&#62;API&#60;/b&#62;');
    expect(page).toContain('&#60;/pre&#62;&#60;script&#62;');
    expect(page).toContain('<code class="path">/p/&#60;i&#62;</code>');
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('picks HTML for a browser navigation only', () => {
    expect(wantsHtml(BROWSER_ACCEPT, undefined)).toBe(true);
    expect(wantsHtml('application/json, text/html', undefined)).toBe(false);
    expect(wantsHtml('*/*', undefined)).toBe(false);
    expect(wantsHtml(undefined, undefined)).toBe(false);
    expect(wantsHtml('application/json', 'html')).toBe(true);
    expect(wantsHtml(BROWSER_ACCEPT, 'json')).toBe(false);
  });
});
