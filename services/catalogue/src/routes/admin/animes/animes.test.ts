import { animeSourceTitle } from '@acg/contracts';
import { NotFoundError } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

let a: AdminCatalogue;
beforeAll(async () => {
  a = await startAdminCatalogue();
});
afterAll(() => a?.close());

describe('admin anime', () => {
  it('adds an anime in a franchise, lists it with the franchise, says it exists', async () => {
    const franchise = await a.en('POST', '/admin/franchises', { title: 'Токийские истории' });
    const created = await a.en('POST', '/admin/animes', {
      title: ' Tokyo Tales ',
      shikimoriId: '990001',
      anilistId: 880001,
      franchise_id: franchise.body.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Tokyo Tales',
      shikimoriId: 990001,
      anilistId: 880001,
      franchiseId: franchise.body.id,
      franchise_id: franchise.body.id,
    });
    const list = await a.en('GET', '/admin/animes');
    expect(list.body.find((x: { id: number }) => x.id === created.body.id)).toEqual({
      id: created.body.id,
      title: 'Tokyo Tales',
      shikimoriId: 990001,
      anilistId: 880001,
      franchise_id: franchise.body.id,
      Franchise: { id: franchise.body.id, title: 'Токийские истории' },
    });
    const check = await a.en('GET', '/admin/animes/check-exists?shikimoriId=990001');
    expect(check.body).toEqual({
      exists: true,
      exactMatch: { id: created.body.id, title: 'Tokyo Tales', franchise: { title: 'Токийские истории' } },
    });
    const byTitle = await a.en('GET', '/admin/animes/check-exists?title=tokyo%20tales');
    expect(byTitle.body.exactMatch.id).toBe(created.body.id);
    expect((await a.en('GET', '/admin/animes/check-exists?title=Nothing%20Like%20It')).body).toEqual({
      exists: false,
      exactMatch: null,
    });
    const dup = await a.ru('POST', '/admin/animes', { title: 'Dup', shikimoriId: 990001 });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      error: 'Аниме "Tokyo Tales" уже существует в базе',
      details: { anime: { id: created.body.id, title: 'Tokyo Tales' } },
    });
  });

  it('quick-add answers 409 with the existing one, creates a franchise on request, and knows AniList-only results by title', async () => {
    const existing = (await a.en('GET', '/admin/animes/check-exists?shikimoriId=990001')).body.exactMatch;
    const quick = await a.ru('POST', '/admin/animes/quick-add', {
      franchiseId: null,
      createFranchise: false,
      shikimoriId: 990001,
      title: 'Tokyo Tales',
    });
    expect(quick.status).toBe(409);
    expect(quick.body.details.anime).toEqual({ id: existing.id, title: 'Tokyo Tales' });
    expect(quick.body.error).toBe('Аниме "Tokyo Tales" уже существует в базе');
    const fresh = await a.en('POST', '/admin/animes/quick-add', {
      franchiseId: null,
      createFranchise: true,
      anilistId: 880002,
      bestTitle: 'Tokyo Tales 2',
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({ success: true, anime: { title: 'Tokyo Tales 2', shikimoriId: null } });
    const franchises = (await a.en('GET', '/admin/franchises')).body;
    expect(franchises.find((f: { id: number }) => f.id === fresh.body.anime.franchise_id)?.title).toBe(
      'Tokyo Tales 2',
    );
    const twin = await a.ru('POST', '/admin/animes/quick-add', {
      franchiseId: null,
      createFranchise: false,
      anilistId: 880003,
      title: 'tokyo tales 2',
    });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toBe('Аниме "Tokyo Tales 2" уже существует в базе');
    expect(twin.body.details.anime).toEqual({ id: fresh.body.anime.id, title: 'Tokyo Tales 2' });
    // Created with the franchise of its own name, which now exists: quick add reuses it.
    const third = await a.en('POST', '/admin/animes/quick-add', {
      createFranchise: true,
      shikimoriId: 990003,
      title: 'Tokyo Tales 2 OVA',
    });
    expect(third.status).toBe(201);
    const neither = await a.en('POST', '/admin/animes/quick-add', { title: 'No Ids' });
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('validation_failed');
  });

  it('quick-add by a Shikimori id alone takes the title anime-search gives; unknown id 404, source down 503', async () => {
    const asked: Array<{ source: string; id: number; language?: string }> = [];
    const served = a.h.bus.serve(animeSourceTitle, async (request) => {
      asked.push(request);
      if (request.id === 990700) return { title: 'Ковбой Бибоп: Достучаться до небес' };
      if (request.id === 990701) throw new NotFoundError('Аниме не найдено на Shikimori');
      throw new Error('Shikimori timed out');
    });
    try {
      const added = await a.ru('POST', '/admin/animes/quick-add', {
        franchiseId: null,
        createFranchise: true,
        shikimoriId: 990700,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.anime).toMatchObject({
        title: 'Ковбой Бибоп: Достучаться до небес',
        shikimoriId: 990700,
        anilistId: null,
      });
      expect(asked).toEqual([{ source: 'shikimori', id: 990700, language: 'ru' }]);
      const franchises = (await a.en('GET', '/admin/franchises')).body;
      expect(franchises.find((f: { id: number }) => f.id === added.body.anime.franchise_id)?.title).toBe(
        'Ковбой Бибоп: Достучаться до небес',
      );
      // Known already: the 409 comes before anything is asked.
      const again = await a.ru('POST', '/admin/animes/quick-add', { shikimoriId: 990700 });
      expect(again.status).toBe(409);
      expect(asked).toHaveLength(1);

      const unknown = await a.ru('POST', '/admin/animes/quick-add', { shikimoriId: 990701 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Аниме не найдено на Shikimori');
      const down = await a.ru('POST', '/admin/animes/quick-add', { shikimoriId: 990702 });
      expect(down.status).toBe(503);
      expect(down.body.error).toBe(
        'Не удалось получить название с Shikimori: укажите название или попробуйте позже',
      );
      const downEn = await a.en('POST', '/admin/animes/quick-add', { shikimoriId: 990702, title: null });
      expect(downEn.status).toBe(503);
      expect(downEn.body.error).toBe(
        'The title could not be read from Shikimori right now: give the title, or try again later',
      );
      expect((await a.en('GET', '/admin/animes/check-exists?shikimoriId=990702')).body.exists).toBe(false);
    } finally {
      await served.stop();
    }
    // Nobody serving the title (anime-search not running) is a 503 too, never a 500.
    const nobody = await a.ru('POST', '/admin/animes/quick-add', { anilistId: 990703 });
    expect(nobody.status).toBe(503);
    expect(nobody.body.error).toBe(
      'Не удалось получить название с AniList: укажите название или попробуйте позже',
    );
  });

  it('says the title and id messages of requirements C5 word for word, and a missing franchise', async () => {
    for (const [body, ru] of [
      [{ title: '', shikimoriId: 1 }, 'Название обязательно'],
      [{ title: 'Я', shikimoriId: 1 }, 'Название должно содержать минимум 2 символа'],
      [{ title: 'Без ID' }, 'Shikimori ID должен быть положительным числом'],
      [{ title: 'Без ID', shikimoriId: -4 }, 'Shikimori ID должен быть положительным числом'],
      [{ title: 'Без ID', shikimoriId: 'abc' }, 'Shikimori ID должен быть положительным числом'],
      [
        { title: 'Плохой AniList', shikimoriId: 990100, anilistId: 1.5 },
        'AniList ID должен быть положительным числом',
      ],
      [{ title: 'Без франшизы', shikimoriId: 990201, franchise_id: 999999 }, 'Франшиза не найдена'],
    ] as const) {
      const res = await a.ru('POST', '/admin/animes', body);
      expect(res.status, ru).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(ru);
    }
    expect((await a.en('POST', '/admin/animes', { title: 'No ID' })).body.error).toBe(
      'Shikimori ID must be a positive number',
    );
  });

  it('refuses bad input with a 400, never a 5xx, keeping nothing', async () => {
    const before = JSON.stringify((await a.en('GET', '/admin/animes')).body);
    for (const [method, path, body] of [
      ['GET', '/admin/animes/check-exists'],
      ['GET', '/admin/animes/check-exists?title=ab%00'],
      ['POST', '/admin/animes', { title: 'Ab\u0000c', shikimoriId: 990101 }],
      ['POST', '/admin/animes/quick-add', { title: 'Ab\u0000c', shikimoriId: 990102, createFranchise: true }],
      ['POST', '/admin/animes', 'not an object'],
    ] as const) {
      const res = await a.en(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(typeof res.body.error, `${method} ${path}`).toBe('string');
    }
    expect(JSON.stringify((await a.en('GET', '/admin/animes')).body)).toBe(before);
  });

  it('deletes an anime, its characters staying, and says a missing one in the caller’s language', async () => {
    const anime = await a.en('POST', '/admin/animes', { title: 'Gone Soon', shikimoriId: 990500 });
    const character = await a.en('POST', '/admin/characters', { name: 'Stays Here', animeId: anime.body.id });
    expect(character.status).toBe(201);
    const deleted = await a.en('DELETE', `/admin/animes/${anime.body.id}`);
    expect(deleted.body).toEqual({ success: true, id: anime.body.id });
    const characters = (await a.en('GET', '/admin/characters')).body;
    expect(characters.some((c: { id: number }) => c.id === character.body.id)).toBe(true);
    const ru = await a.ru('DELETE', `/admin/animes/${anime.body.id}`);
    expect(ru.status).toBe(404);
    expect(ru.body.error).toBe('Аниме не найдено');
    expect((await a.en('DELETE', '/admin/animes/999999')).body.error).toBe('Anime not found');
    expect(await a.audits('anime.deleted')).toHaveLength(1);
  });
});
