import { auditRecorded, logListSchema, newsItemSchema, newsListSchema } from '@acg/contracts';
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
    expect(
      (await h.fetch(`/api/admin/news/${item.id}`, { method: 'DELETE', headers: asAdmin() })).status,
    ).toBe(404);
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
    expect(english).toContain('<title type="html"><![CDATA[Autumn tournament]]></title>');
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
