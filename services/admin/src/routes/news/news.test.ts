import {
  auditRecorded,
  logListSchema,
  NEWS_EVENT_TYPES,
  newsItemSchema,
  newsListSchema,
} from '@acg/contracts';
import { HOSTILE_STRINGS } from '@acg/platform/testing';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, asAdmin, asUser, startAdminHarness, user, waitFor } from '../../test/harness';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness({ PUBLIC_URL: 'https://cards.example.org' });
});
afterAll(() => h?.close());

const create = (body: unknown, headers = asAdmin(1)) => h.json('/api/admin/news', 'POST', body, headers);
const publicList = async (query = '', headers: Record<string, string> = {}) =>
  newsListSchema.parse(await (await h.fetch(`/api/news${query}`, { headers })).json());

describe('news', () => {
  it('creates news with tags split and trimmed, shows published ones to everyone and drafts only to admins', async () => {
    const res = await create({
      title: '  Новый сезон  ',
      content: 'Фрирен в коллекции',
      type: 'announcement',
      tags: ' аниме, , сезон ,аниме',
      published: true,
    });
    expect(res.status).toBe(201);
    const item = newsItemSchema.parse(await res.json());
    expect(item).toMatchObject({
      title: 'Новый сезон',
      tags: ['аниме', 'сезон'],
      published: true,
      type: 'announcement',
    });
    const draft = newsItemSchema.parse(
      await (
        await create({ title: 'Draft', content: 'Soon', type: 'info', tags: [], published: false })
      ).json(),
    );

    expect((await publicList()).map((n) => n.id)).toEqual([item.id]);
    // The flag counts only for administrators.
    expect((await publicList('?includeUnpublished=1', asUser(5))).map((n) => n.id)).toEqual([item.id]);
    expect((await publicList('?includeUnpublished=1', asAdmin())).map((n) => n.id)).toEqual([
      draft.id,
      item.id,
    ]);
    const res2 = await h.fetch('/api/news?includeUnpublished=1', { headers: asAdmin() });
    expect(res2.headers.get('cache-control')).toBe('private, no-store');
  });

  it('updates and deletes, 404 for a missing item, each change audited', async () => {
    const item = newsItemSchema.parse(
      await (
        await create({ title: 'Changelog 1', content: 'Fixes', type: 'changelog', published: false })
      ).json(),
    );
    const put = await h.json(`/api/admin/news/${item.id}`, 'PUT', {
      ...item,
      title: 'Changelog 1.1',
      published: true,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: item.id, title: 'Changelog 1.1', published: true });
    expect((await publicList()).some((n) => n.id === item.id)).toBe(true);
    expect((await h.json('/api/admin/news/99999', 'PUT', { ...item })).status).toBe(404);
    const del = await h.fetch(`/api/admin/news/${item.id}`, { method: 'DELETE', headers: asAdmin() });
    expect(del.status).toBe(200);
    const gone = await h.fetch(`/api/admin/news/${item.id}`, { method: 'DELETE', headers: asAdmin() });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toBe('News item not found');
    // In the caller's language too (docs/rules.md, refusals).
    const russian = await h.fetch(`/api/admin/news/${item.id}`, {
      method: 'DELETE',
      headers: asAdmin(1, 'ru'),
    });
    expect((await russian.json()).error).toBe('Новость не найдена');
    expect((await publicList()).some((n) => n.id === item.id)).toBe(false);

    const events = (await h.outboxEvents(auditRecorded.type)).map((e) => auditRecorded.data.parse(e));
    const mine = events.filter((e) => e.targetId === String(item.id));
    expect(mine.map((e) => e.action)).toEqual(['news.created', 'news.updated', 'news.deleted']);
    expect(mine[1]).toMatchObject({
      actorId: 1,
      before: { title: 'Changelog 1', published: false },
      after: { title: 'Changelog 1.1', published: true },
    });
  });

  it('tells the bus of each change (id and published only), and the public list is revalidated, never kept by a timer', async () => {
    const item = newsItemSchema.parse(
      await (await create({ title: 'Bus news', content: 'x', type: 'info', published: false })).json(),
    );
    await h.json(`/api/admin/news/${item.id}`, 'PUT', { ...item, published: true });
    await h.fetch(`/api/admin/news/${item.id}`, { method: 'DELETE', headers: asAdmin() });
    const told = [];
    for (const type of NEWS_EVENT_TYPES)
      for (const data of await h.outboxEvents(type))
        if ((data as { id: number }).id === item.id) told.push([type, data]);
    expect(told).toEqual([
      ['news.created', { id: item.id, published: false }],
      ['news.updated', { id: item.id, published: true }],
      ['news.deleted', { id: item.id, published: true }],
    ]);
    const first = await h.fetch('/api/news');
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    expect((await h.fetch('/api/news', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await create({ title: 'Changes the list', content: 'y', type: 'info', published: true });
    const after = await h.fetch('/api/news', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it("lands in the audit log through the outbox and the bus, with the actor and the client's address", async () => {
    await h.announceUsers(user(1, 'Aiko', { adminLevel: 3 }));
    const res = await create(
      { title: 'Logged', content: 'x', type: 'info' },
      { ...asAdmin(1), 'x-forwarded-for': '198.51.100.23, 10.0.0.1' },
    );
    const item = newsItemSchema.parse(await res.json());
    await waitFor(async () => {
      const page = logListSchema.parse(
        await (await h.fetch('/admin/logs?action=news.created', { headers: asAdmin() })).json(),
      );
      return page.rows.some((r) => r.targetId === String(item.id));
    }, 'news.created in the log');
    const page = logListSchema.parse(
      await (await h.fetch('/admin/logs?action=news.created', { headers: asAdmin() })).json(),
    );
    expect(page.rows.find((r) => r.targetId === String(item.id))).toMatchObject({
      category: 'other',
      ip: '198.51.100.23',
      service: 'admin',
      Admin: { id: 1, username: 'Aiko' },
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await publicList('?includeUnpublished=1', asAdmin())).length;
    for (const body of [
      {},
      { title: '', content: 'x', type: 'update' },
      { title: 'x', content: '   ', type: 'update' },
      { title: 'x', content: 'y', type: 'rumour' },
      { title: 'x'.repeat(201), content: 'y', type: 'info' },
      { title: 'x', content: 'y', type: 'info', published: 'yes' },
      { title: 'x', content: 'y', type: 'info', tags: Array.from({ length: 30 }, (_, i) => `t${i}`) },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await res.json()).toHaveProperty('error');
    }
    expect(
      (await h.json('/api/admin/news/abc', 'PUT', { title: 'x', content: 'y', type: 'info' })).status,
    ).toBe(400);
    expect((await publicList('?includeUnpublished=1', asAdmin())).length).toBe(before);
  });

  it('refuses members and anonymous callers on the admin calls', async () => {
    const body = { title: 'x', content: 'y', type: 'info' };
    expect((await create(body, {})).status).toBe(401);
    expect((await create(body, asUser(5))).status).toBe(403);
    expect((await create(body, asUser(5, 2))).status).toBe(403);
    expect((await h.json('/api/admin/news/1', 'PUT', body, asUser(5))).status).toBe(403);
    expect((await h.fetch('/api/admin/news/1', { method: 'DELETE', headers: asUser(5) })).status).toBe(403);
  });

  it('offers the published news as an Atom feed', async () => {
    const res = await h.fetch('/api/news/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await res.text();
    expect(xml).toContain('<feed');
    expect(xml).toContain('Новый сезон');
    expect(xml).toContain('https://cards.example.org/');
    expect(xml).not.toContain('Draft');
  });

  it('keeps the feed well-formed XML with hostile titles, texts, tags and translations stored', async () => {
    const ids: number[] = [];
    /** The first n UTF-16 units, never half of a surrogate pair. */
    const cut = (v: string, n: number) => v.slice(0, n).replace(/[\ud800-\udbff]$/, '');
    // Stored as the API stores them (trimmed, at most 200/20,000 characters; NUL is refused).
    // An unpaired surrogate cannot be stored (jsonb, UTF-8): refused with a 400, not a 500.
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const unstorable = HOSTILE_STRINGS.filter((s) => lone.test(s));
    expect(unstorable.length).toBeGreaterThan(0);
    for (const hostile of unstorable)
      expect((await create({ title: hostile, content: hostile, type: 'info', published: true })).status).toBe(
        400,
      );
    const stored = HOSTILE_STRINGS.filter((s) => !lone.test(s))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
      .map((s) => s.replace(/\u0000/g, '').trim())
      .filter(Boolean);
    for (const [i, hostile] of stored.entries()) {
      const res = await create({
        title: cut(hostile, 200),
        content: `${hostile} #${i}`,
        type: 'info',
        tags: [cut(hostile, 30).replace(/,/g, ' ')],
        translations: { en: { title: cut(hostile, 200), content: hostile } },
        published: true,
      });
      expect(res.status, JSON.stringify(hostile.slice(0, 40))).toBe(201);
      ids.push(newsItemSchema.parse(await res.json()).id);
    }
    for (const lang of ['', '?lang=en']) {
      const xml = await (await h.fetch(`/api/news/feed.xml${lang}`)).text();
      // A strict parser: any warning or error fails.
      const doc = new DOMParser({
        onError: (level, message) => {
          throw new Error(`${level}: ${message}`);
        },
      }).parseFromString(xml, 'text/xml');
      const feed = doc.documentElement!;
      expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
      // Nothing but Atom's own elements: no injected element from another namespace.
      const names = new Set<string>();
      const all = doc.getElementsByTagName('*');
      for (let i = 0; i < all.length; i++) {
        expect(all.item(i)!.namespaceURI).toBe('http://www.w3.org/2005/Atom');
        names.add(all.item(i)!.localName!);
      }
      expect([...names].sort()).toEqual(
        [
          'category',
          'content',
          'entry',
          'feed',
          'id',
          'link',
          'published',
          'rights',
          'title',
          'updated',
        ].sort(),
      );
      // The feed lists the 20 newest: each hostile title reads back as stored, less what XML 1.0 forbids.
      const entries = doc.getElementsByTagName('entry');
      expect(entries.length).toBe(20);
      const xmlChar = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
      let matched = 0;
      for (let i = 0; i < entries.length; i++) {
        const entry = entries.item(i)!;
        const id = Number(/#news-(\d+)$/.exec(entry.getElementsByTagName('id').item(0)!.textContent!)![1]);
        const index = ids.indexOf(id);
        if (index < 0) continue;
        matched++;
        const hostile = stored[index]!;
        const expected = cut(hostile, 200).trim().replace(xmlChar, '');
        expect(entry.getElementsByTagName('title').item(0)!.textContent!.trim()).toBe(expected.trim());
        expect(entry.getElementsByTagName('content').item(0)!.textContent!.trim()).toBe(
          (lang ? hostile : `${hostile} #${index}`).trim().replace(xmlChar, '').trim(),
        );
      }
      // The newest 20 are all hostile ones.
      expect(matched).toBe(20);
    }
    for (const id of ids)
      expect((await h.fetch(`/api/admin/news/${id}`, { method: 'DELETE', headers: asAdmin() })).status).toBe(
        200,
      );
  });

  it('keeps the item in other languages: the feed in a language shows them, other readers the item', async () => {
    const res = await create({
      title: 'Осенний турнир',
      content: 'Сражения начинаются в субботу',
      type: 'announcement',
      translations: { en: { title: ' Autumn tournament ', content: 'Battles start on Saturday' } },
      published: true,
    });
    expect(res.status).toBe(201);
    const item = newsItemSchema.parse(await res.json());
    expect(item.translations).toEqual({
      en: { title: 'Autumn tournament', content: 'Battles start on Saturday' },
    });
    expect((await publicList()).find((n) => n.id === item.id)?.translations.en?.title).toBe(
      'Autumn tournament',
    );
    const english = await (await h.fetch('/api/news/feed.xml?lang=en')).text();
    expect(english).toContain('<title type="text">Autumn tournament</title>');
    const german = await (await h.fetch('/api/news/feed.xml?lang=de')).text();
    expect(german).toContain('Осенний турнир');
    expect(german).not.toContain('Autumn tournament');
  });

  it('refuses bad translations with a 400 and stores nothing', async () => {
    const base = { title: 'T', content: 'C', type: 'info', published: true };
    const before = (await publicList('?includeUnpublished=1', asAdmin())).length;
    const tooMany = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`l${String.fromCharCode(97 + i)}`, { title: 'x', content: 'y' }]),
    );
    for (const translations of [
      { 'not a language': { title: 'x', content: 'y' } },
      { en: { title: '   ', content: 'y' } },
      { en: { title: 'x' } },
      tooMany,
    ]) {
      const res = await create({ ...base, translations });
      expect(res.status, JSON.stringify(translations).slice(0, 80)).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
    expect((await publicList('?includeUnpublished=1', asAdmin())).length).toBe(before);
  });
});
