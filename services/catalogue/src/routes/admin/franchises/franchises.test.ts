import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

let a: AdminCatalogue;
beforeAll(async () => {
  a = await startAdminCatalogue();
});
afterAll(() => a?.close());

describe('admin franchises', () => {
  it('creates a franchise trimmed, finds it, refuses its duplicate in any case in the caller’s language', async () => {
    const created = await a.en('POST', '/admin/franchises', { title: '  Токийские истории ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), title: 'Токийские истории' });
    const dup = await a.ru('POST', '/admin/franchises', { title: 'токийские ИСТОРИИ' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      error: 'Франшиза "токийские ИСТОРИИ" уже существует',
      code: 'conflict',
    });
    const exists = await a.en(
      'GET',
      `/admin/franchises/check-exists?title=${encodeURIComponent('Токийские истории')}`,
    );
    expect(exists.body).toMatchObject({ exists: true, exactMatch: { id: created.body.id }, similar: [] });
    const search = await a.en('GET', `/admin/franchises/search?q=${encodeURIComponent('токий')}`);
    expect(search.body.map((f: { id: number }) => f.id)).toContain(created.body.id);
    expect((await a.en('GET', '/admin/franchises/search?q=%20t%20')).body).toEqual([]);
    const list = await a.en('GET', '/admin/franchises');
    expect(list.body[0]).toEqual({ id: created.body.id, title: 'Токийские истории' });
    const [audit] = await a.audits('franchise.created');
    expect(audit).toMatchObject({ actorId: 1, category: 'cards', targetId: String(created.body.id) });
  });

  it('says the title messages of requirements C5 word for word', async () => {
    for (const [body, ru, en] of [
      [{ title: '' }, 'Название обязательно', 'Title is required'],
      [{}, 'Название обязательно', 'Title is required'],
      [{ title: 'Я' }, 'Название должно содержать минимум 2 символа', 'Title must be at least 2 characters'],
    ] as const) {
      const res = await a.ru('POST', '/admin/franchises', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: ru, code: 'validation_failed', details: { field: 'title' } });
      expect((await a.en('POST', '/admin/franchises', body)).body.error).toBe(en);
    }
  });

  it('refuses text the database cannot hold or over its limit with a 400 in the platform error body, keeping nothing', async () => {
    const [first] = (await a.en('GET', '/admin/franchises')).body;
    const before = JSON.stringify((await a.en('GET', '/admin/franchises')).body);
    for (const [method, path, body] of [
      ['GET', '/admin/franchises/search?q=ab%00'],
      ['GET', '/admin/franchises/check-exists?title=ab%00'],
      ['POST', '/admin/franchises', { title: 'Ab\u0000c' }],
      ['POST', '/admin/franchises', { title: 'x'.repeat(301) }],
      ['POST', '/admin/franchises', { title: 42 }],
      ['PATCH', `/admin/franchises/${first.id}`, { title: 'Ab\u0000c' }],
      ['PATCH', '/admin/franchises/abc', { title: 'Fine title' }],
    ] as const) {
      const res = await a.ru(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body, `${method} ${path}`).toMatchObject({
        error: expect.stringMatching(/^Некорректный запрос/),
        code: 'validation_failed',
      });
    }
    expect(JSON.stringify((await a.en('GET', '/admin/franchises')).body)).toBe(before);
  });

  it('logs no rename to the same title, and logs a real one', async () => {
    const created = await a.en('POST', '/admin/franchises', { title: 'Rename Me' });
    const id = created.body.id;
    const same = await a.en('PATCH', `/admin/franchises/${id}`, { title: 'Rename Me' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ id, title: 'Rename Me' });
    expect(await a.audits('franchise.updated')).toHaveLength(0);
    const renamed = await a.en('PATCH', `/admin/franchises/${id}`, { title: ' Renamed ' });
    expect(renamed.body).toEqual({ id, title: 'Renamed' });
    const logged = await a.audits('franchise.updated');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      targetId: String(id),
      before: { title: 'Rename Me' },
      after: { title: 'Renamed' },
    });
    const taken = await a.ru('PATCH', `/admin/franchises/${id}`, { title: 'токийские истории' });
    expect(taken.status).toBe(409);
  });

  it('deletes a franchise (its anime stay, without it) and says a missing one in the caller’s language', async () => {
    const f = await a.en('POST', '/admin/franchises', { title: 'Short Lived' });
    const anime = await a.en('POST', '/admin/animes', {
      title: 'Orphan Show',
      shikimoriId: 970001,
      franchise_id: f.body.id,
    });
    expect(anime.status).toBe(201);
    const deleted = await a.en('DELETE', `/admin/franchises/${f.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, id: f.body.id });
    const orphan = (await a.en('GET', '/admin/animes')).body.find(
      (x: { id: number }) => x.id === anime.body.id,
    );
    expect(orphan).toMatchObject({ franchise_id: null, Franchise: null });
    const ru = await a.ru('DELETE', `/admin/franchises/${f.body.id}`);
    expect(ru.status).toBe(404);
    expect(ru.body).toMatchObject({ error: 'Франшиза не найдена', code: 'not_found' });
    expect((await a.en('DELETE', '/admin/franchises/999999')).body.error).toBe('Franchise not found');
  });

  it('keeps the franchises from anyone below level 3', async () => {
    for (const level of [0, 1, 2]) {
      expect((await a.as(level)('GET', '/admin/franchises')).status).toBe(403);
      expect((await a.as(level)('POST', '/admin/franchises', { title: 'Nope' })).status).toBe(403);
    }
    expect((await a.as(3)('GET', '/admin/franchises')).status).toBe(200);
  });
});
