// @vitest-environment node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from './build';
import { createRenderer, type Renderer } from './server';

const stateOf = (html: string): unknown =>
  JSON.parse(/<script id="acg-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('createRenderer (built bundles)', () => {
  let renderer: Renderer;

  beforeAll(async () => {
    await ensureWebBuilt(); // builds only when web/dist is missing or stale
    renderer = createRenderer({ mode: 'production' });
  }, 60_000);

  it('renders a complete home page with the nav, the state and the hashed assets', async () => {
    const { status, html } = await renderer.render({ url: '/', user: null, language: 'en' });

    expect(status).toBe(200);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Home · Anime Cards</title>');
    expect(html).toMatch(/<nav class="nav" aria-label="Main navigation">/);
    expect(html).toContain('href="/auth/discord"');
    expect(html).toContain('Loading statistics…'); // stats load in the browser
    expect(stateOf(html)).toEqual({ user: null, language: 'en' });

    const script = /<script type="module" src="\/assets\/(entry-client-[\w-]+\.js)"><\/script>/.exec(
      html,
    )?.[1];
    const css = /<link rel="stylesheet" href="\/assets\/(entry-client-[\w-]+\.css)">/.exec(html)?.[1];
    expect(script && existsSync(join(renderer.assetsDir, script))).toBe(true);
    expect(css && existsSync(join(renderer.assetsDir, css))).toBe(true);
    for (const [, file] of html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)">/g)) {
      expect(existsSync(join(renderer.assetsDir, file!))).toBe(true);
    }
  });

  it('renders in Russian for a signed-in user and embeds a hostile username safely', async () => {
    const user = { id: 9, adminLevel: 0, username: '</script><script>alert(1)</script>' };
    const { status, html } = await renderer.render({ url: '/?from=bot', user, language: 'ru' });

    expect(status).toBe(200);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('href="/auth/logout"');
    expect(html).toContain('Главная');
    expect(html).not.toContain('<script>alert(1)');
    expect(stateOf(html)).toEqual({ user, language: 'ru' });
  });

  it("preloads the page language's texts and not the other language's", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)">/g)].map(([, file]) => file);
    const ru = await renderer.render({ url: '/', user: null, language: 'ru' });
    expect(preloads(ru.html)).toContainEqual(expect.stringMatching(/^ru-[\w-]+\.js$/));
    expect(preloads(ru.html)).not.toContainEqual(expect.stringMatching(/^en-[\w-]+\.js$/));
    const en = await renderer.render({ url: '/', user: null, language: 'en' });
    expect(preloads(en.html)).toContainEqual(expect.stringMatching(/^en-[\w-]+\.js$/));
    expect(preloads(en.html)).not.toContainEqual(expect.stringMatching(/^ru-[\w-]+\.js$/));
    // A language added in the admin area shows English under what it has not translated.
    const de = await renderer.render({ url: '/', user: null, language: 'de' });
    expect(preloads(de.html)).toContainEqual(expect.stringMatching(/^en-[\w-]+\.js$/));
  });

  it('keeps only the page user fields in the embedded state', async () => {
    const user = { id: 9, adminLevel: 1, username: 'Mod', email: 'secret@example.org' };
    const { html } = await renderer.render({ url: '/', user, language: 'en' });
    expect(stateOf(html)).toEqual({ user: { id: 9, adminLevel: 1, username: 'Mod' }, language: 'en' });
    expect(html).not.toContain('secret@example.org');
  });

  it.each(['/profile', '/trade'])(
    'answers %s for a signed-out visitor with 403 and the message',
    async (url) => {
      const { status, html } = await renderer.render({ url, user: null, language: 'en' });
      expect(status).toBe(403);
      expect(html).toContain('403 — Access denied');
    },
  );

  it('renders the 404 page in the visitor language when the gateway found the id unknown', async () => {
    const { status, html } = await renderer.render({
      url: '/anime/99999999',
      user: null,
      language: 'ru',
      notFound: true,
    });
    expect(status).toBe(404);
    expect(html).toContain('<title>Не найдено · ');
    expect(html).toContain('404 — Не найдено');
    // No tabs of the anime page under it, and the browser hydrates the same page.
    expect(html).not.toContain('role="tablist"');
    expect(stateOf(html)).toEqual({ user: null, language: 'ru', notFound: true });
  });

  it('shows a visitor on /characters the sign-in explanation and preloads only the featured cards', async () => {
    const { status, html } = await renderer.render({ url: '/characters', user: null, language: 'en' });
    expect(status).toBe(403);
    expect(html).toContain('Sign in to see every character');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/cards/featured" crossorigin>');
    expect(html).not.toContain('href="/api/characters');
  });

  it('gives home the featured cards and the bot invite link from the page request', async () => {
    const { html } = await renderer.render({
      url: '/',
      user: null,
      language: 'en',
      botInvite: 'https://discord.gg/cards?x=<b>',
    });
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/cards/featured" crossorigin>');
    // The featured cards' chunk is rendered on the server (its loading state) and preloaded.
    expect(html).toContain('Loading cards…');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/FeaturedCards-[\w-]+\.js">/);
    expect(html).toContain('href="https://discord.gg/cards?x=&lt;b&gt;"');
    expect(stateOf(html)).toEqual({
      user: null,
      language: 'en',
      botInvite: 'https://discord.gg/cards?x=<b>',
    });
  });

  it('preloads the filtered characters call the address names', async () => {
    const user = { id: 1, adminLevel: 0, username: 'Sakura' };
    const { html } = await renderer.render({ url: '/characters?rank=S&anime=3', user, language: 'en' });
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/characters?limit=60&amp;anime_id=3&amp;rank_code=S" crossorigin>',
    );
  });

  it('renders the lazy admin chunk on the server and preloads it', async () => {
    const user = { id: 2, adminLevel: 2, username: 'Mod' };
    const { status, html } = await renderer.render({ url: '/admin?tab=users', user, language: 'ru' });
    expect(status).toBe(200);
    expect(html).toContain('Модератор');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/AdminScreen-[\w-]+\.js">/);
  });

  it('renders the lazy profile screen, preloading its chunk and its first API calls', async () => {
    const user = { id: 1, adminLevel: 0, username: 'Sakura' };
    const { html } = await renderer.render({ url: '/profile', user, language: 'en' });
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/ProfileScreen-[\w-]+\.js">/);
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/me" crossorigin>');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/inventory/my" crossorigin>');
    // Signed out, the page is the 403 message: nothing to preload.
    const guest = await renderer.render({ url: '/profile', user: null, language: 'en' });
    expect(guest.html).not.toContain('as="fetch"');
  });

  it('rejects a request that is not a page path', async () => {
    await expect(
      renderer.render({ url: 'http://evil.example/', user: null, language: 'en' }),
    ).rejects.toThrow();
  });

  it('is already fresh after a build', async () => {
    expect(await ensureWebBuilt()).toBe(false);
  });

  it('fails at creation, with a hint, when there is no build', () => {
    expect(() => createRenderer({ mode: 'production', distDir: '/nonexistent/dist' })).toThrow(
      /ensureWebBuilt/,
    );
  });
});
