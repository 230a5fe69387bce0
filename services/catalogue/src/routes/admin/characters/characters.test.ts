import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

let a: AdminCatalogue;
let animeId: number;
beforeAll(async () => {
  a = await startAdminCatalogue();
  animeId = (await a.en('POST', '/admin/animes', { title: 'Character Home', shikimoriId: 950001 })).body.id;
});
afterAll(() => a?.close());

describe('admin characters', () => {
  it('creates a character in an anime, lists it by anime, edits only the fields given', async () => {
    const created = await a.en('POST', '/admin/characters', {
      name: ' Mio Tanaka ',
      shikimoriId: '660050',
      altname: '  ',
      description: 'Drummer',
      imageUrl: '/images/mio.png',
      animeId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Mio Tanaka',
      altname: null,
      description: 'Drummer',
      imageUrl: '/images/mio.png',
      shikimoriId: 660050,
      anilistId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const ofAnime = await a.en('GET', `/admin/characters?animeId=${animeId}`);
    expect(ofAnime.body.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    const patched = await a.en('PATCH', `/admin/characters/${created.body.id}`, { anilistId: 770050 });
    expect(patched.body).toMatchObject({ name: 'Mio Tanaka', description: 'Drummer', anilistId: 770050 });
    const [logged] = await a.audits('character.updated');
    expect(logged).toMatchObject({ before: { anilistId: null }, after: { anilistId: 770050 } });
  });

  it('says every character message of requirements C5 word for word', async () => {
    await a.en('POST', '/admin/characters', { name: 'Хару Сакура', shikimoriId: 660001, anilistId: 770001 });
    await a.en('POST', '/admin/characters', { name: 'Ren Aoyama', anilistId: 770002 });
    const cases: Array<[unknown, number, string]> = [
      [{ name: '   ' }, 400, 'Имя обязательно'],
      [{}, 400, 'Имя обязательно'],
      [{ name: ' A ' }, 400, 'Имя должно содержать минимум 2 символа'],
      [{ name: 'Valid', shikimoriId: -3 }, 400, 'Shikimori ID должен быть положительным числом'],
      [{ name: 'Valid', anilistId: 'abc' }, 400, 'AniList ID должен быть положительным числом'],
      [{ name: 'Valid', shikimoriId: 660001 }, 409, 'Shikimori ID 660001 уже существует (Хару Сакура)'],
      [{ name: 'Valid', anilistId: 770002 }, 409, 'AniList ID 770002 уже существует (Ren Aoyama)'],
      [{ name: 'Без аниме', animeId: 999999 }, 400, 'Аниме не найдено'],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.ru('POST', '/admin/characters', body);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    expect((await a.en('POST', '/admin/characters', { name: '' })).body.error).toBe('Name is required');
    const taken = await a.ru(
      'PATCH',
      `/admin/characters/${(await a.en('GET', '/admin/characters')).body[0].id}`,
      {
        shikimoriId: 660001,
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.details).toEqual({ field: 'shikimoriId' });
  });

  it('writes and logs nothing for an edit that changes nothing', async () => {
    const c = await a.en('POST', '/admin/characters', { name: 'Quiet One', anilistId: 770300 });
    const id = c.body.id;
    const updates = async () =>
      (await a.audits('character.updated')).filter((r) => r.targetId === String(id));
    for (const body of [{}, { name: ' Quiet One ' }, { anilistId: 770300 }]) {
      const res = await a.en('PATCH', `/admin/characters/${id}`, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: 'Quiet One', anilistId: 770300 });
    }
    expect(await updates()).toHaveLength(0);
    await a.en('PATCH', `/admin/characters/${id}`, { name: 'Loud One' });
    expect(await updates()).toHaveLength(1);
  });

  it('refuses bad input with a 400 and keeps nothing', async () => {
    const [some] = (await a.en('GET', '/admin/characters')).body;
    const before = JSON.stringify((await a.en('GET', '/admin/characters')).body);
    for (const [method, path, body] of [
      ['POST', '/admin/characters', { name: 'Valid', description: 'Ab\u0000c' }],
      ['POST', '/admin/characters', { name: 'Valid', altname: 'x'.repeat(2001) }],
      ['POST', '/admin/characters', { name: 'Valid', imageUrl: 'javascript:alert(1)' }],
      ['PATCH', `/admin/characters/${some.id}`, { altname: 'Ab\u0000c' }],
      ['PATCH', '/admin/characters/abc', { name: 'Xy' }],
      ['POST', '/admin/characters/delete-bulk', { ids: 'all' }],
      ['POST', '/admin/characters/delete-bulk', { ids: [] }],
      ['POST', '/admin/characters/delete-bulk', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }],
    ] as const) {
      const res = await a.en(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.code, `${method} ${path}`).toBe('validation_failed');
    }
    expect(JSON.stringify((await a.en('GET', '/admin/characters')).body)).toBe(before);
  });

  it('refuses to delete a character whose card a player holds, deletes others singly and in bulk', async () => {
    const held = await a.en('POST', '/admin/characters', { name: 'Held Hero' });
    const rank = (await a.en('GET', '/admin/ranks')).body[0];
    const card = await a.en('POST', '/admin/cards', { character_id: held.body.id, rank_id: rank.id });
    a.held.set(card.body.id, 2);
    const refused = await a.ru('DELETE', `/admin/characters/${held.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Персонаж ${held.body.id}: удалить нельзя, карточки есть у игроков (карточек: 1, записей в коллекциях: 2)`,
    );
    expect(refused.body.details.heldCards).toEqual([{ cardId: card.body.id, players: 2 }]);
    const x = await a.en('POST', '/admin/characters', { name: 'Bulk One' });
    const y = await a.en('POST', '/admin/characters', { name: 'Bulk Two' });
    const bulk = await a.en('POST', '/admin/characters/delete-bulk', {
      ids: [x.body.id, String(y.body.id), x.body.id],
    });
    expect(bulk.body).toEqual({ success: true, deleted: 2, ids: [x.body.id, y.body.id] });
    expect(await a.audits('character.deleted')).toHaveLength(2);
    const ru = await a.ru('DELETE', '/admin/characters/999999');
    expect(ru.status).toBe(404);
    expect(ru.body.error).toBe('Персонаж не найден');
    expect((await a.en('DELETE', '/admin/characters/999999')).body.error).toBe('Character not found');
  });
});

describe('admin character import (POST /admin/characters/bulk)', () => {
  it('imports a batch, links existing ones by external id, and lists what did not go in', async () => {
    const batch = [
      { name: 'Хару Импорт', anilistId: 771001, shikimoriId: 661001, altname: 'Haru, 桜ハル' },
      { name: 'Ren Import', anilistId: 771002 },
      { name: 'x', anilistId: 771003 },
    ];
    const res = await a.en('POST', '/admin/characters/bulk', { animeId, characters: batch });
    expect(res.status).toBe(200);
    expect(res.body.created.map((c: { name: string }) => c.name)).toEqual(['Хару Импорт', 'Ren Import']);
    expect(res.body).toMatchObject({
      success: false,
      updated: [],
      conflicts: [{ name: 'x', reason: 'Name must be at least 2 characters' }],
      error: '1 character(s) not imported',
    });
    const again = await a.en('POST', '/admin/characters/bulk', { animeId, characters: batch.slice(0, 2) });
    expect(again.body).toMatchObject({ success: true, created: [], conflicts: [], error: null });
    expect(again.body.updated).toHaveLength(2);
    const [logged] = await a.audits('character.imported');
    expect(logged).toMatchObject({ targetType: 'anime', targetId: String(animeId) });
  });

  it('fills in the id a character known by the other site lacks, and refuses ids of two characters', async () => {
    const known = await a.en('POST', '/admin/characters', { name: 'Known By Shiki', shikimoriId: 662050 });
    const other = await a.en('POST', '/admin/characters', { name: 'Known By Ani', anilistId: 772060 });
    const linked = await a.en('POST', '/admin/characters/bulk', {
      animeId,
      characters: [{ name: 'Known By Shiki', anilistId: 772050, shikimoriId: 662050 }],
    });
    expect(linked.body).toMatchObject({ success: true, created: [], updated: [{ id: known.body.id }] });
    const all = (await a.en('GET', `/admin/characters?animeId=${animeId}`)).body as Array<{
      id: number;
      anilistId: number | null;
    }>;
    expect(all.find((c) => c.id === known.body.id)?.anilistId).toBe(772050);
    const split = await a.ru('POST', '/admin/characters/bulk', {
      animeId,
      characters: [{ name: 'Two People', anilistId: 772060, shikimoriId: 662050 }],
    });
    expect(split.body.conflicts).toEqual([
      {
        name: 'Two People',
        reason: `AniList ID belongs to ${other.body.name}, Shikimori ID to ${known.body.name}`,
      },
    ]);
  });

  it('answers a batch over 50 with a 413 in the platform error body, and a missing anime with a 404', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ name: `Name ${i}`, anilistId: 700000 + i }));
    const res = await a.en('POST', '/admin/characters/bulk', { animeId, characters: tooMany });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'At most 50 characters per call (got 51)',
      code: 'payload_too_large',
      details: { limit: 50, got: 51 },
      requestId: expect.any(String),
    });
    const missing = await a.ru('POST', '/admin/characters/bulk', {
      animeId: 999999,
      characters: [{ name: 'Ab' }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Аниме не найдено');
    expect((await a.en('POST', '/admin/characters/bulk', { animeId, characters: [] })).status).toBe(400);
  });

  it('records bad items as conflicts in the caller’s language and keeps none of them', async () => {
    const before = JSON.stringify((await a.en('GET', '/admin/characters')).body);
    const batch = await a.ru('POST', '/admin/characters/bulk', {
      animeId,
      characters: [
        { name: 'Ab\u0000c', anilistId: 770101 },
        { name: 'Nul Free', description: 'Ab\u0000c' },
        { name: 'Script Image', imageUrl: 'javascript:alert(1)' },
        { name: 'Bad Id', shikimoriId: -1 },
        'not an object',
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ success: false, created: [], updated: [] });
    expect(batch.body.conflicts).toHaveLength(5);
    expect(batch.body.conflicts[3]).toEqual({
      name: 'Bad Id',
      reason: 'Shikimori ID должен быть положительным числом',
    });
    expect(batch.body.conflicts[4]).toEqual({ name: '', reason: 'Имя обязательно' });
    expect(JSON.stringify((await a.en('GET', '/admin/characters')).body)).toBe(before);
  });
});

describe('import preview matches (POST /admin/characters/import-matches) and linking', () => {
  it('offers the demo’s Vicious and Ein, kept without ids, as existing; linking fills their ids and creates nothing', async () => {
    type Listed = { id: number; name: string; anilistId: number | null; shikimoriId: number | null };
    const bebop = ((await a.en('GET', '/admin/animes')).body as Array<{ id: number; title: string }>).find(
      (x) => x.title === 'Cowboy Bebop',
    )!.id;
    const cast = (await a.en('GET', `/admin/characters?animeId=${bebop}`)).body as Listed[];
    const vicious = cast.find((c) => c.name === 'Vicious')!;
    const ein = cast.find((c) => c.name === 'Ein')!;
    expect([vicious.anilistId, vicious.shikimoriId, ein.anilistId, ein.shikimoriId]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const rows = [
      { anilistId: 2734, shikimoriId: 2734, names: ['VICIOUS', 'Вишес', 'ビシャス'] },
      { anilistId: 4, shikimoriId: 4, names: ['Эйн', 'アイン'] },
      { anilistId: 780005, names: ['Nobody Like Them'] },
    ];
    const preview = await a.en('POST', '/admin/characters/import-matches', {
      animeId: bebop,
      candidates: rows,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.matches).toEqual([
      {
        anilistId: 4,
        character: { id: ein.id, name: 'Ein', anilistId: null, shikimoriId: null },
        score: 100,
        by: 'name',
        inAnime: true,
      },
      {
        anilistId: 2734,
        character: { id: vicious.id, name: 'Vicious', anilistId: null, shikimoriId: null },
        score: 100,
        by: 'name',
        inAnime: true,
      },
    ]);
    const count = async () => (await a.en('GET', '/admin/characters')).body.length as number;
    const before = await count();
    const imported = await a.en('POST', '/admin/characters/bulk', {
      animeId: bebop,
      characters: [
        {
          name: 'Vicious',
          anilistId: 2734,
          shikimoriId: 2734,
          altname: 'Вишес, ビシャス, Vicious',
          linkTo: vicious.id,
        },
        { name: 'Ein', anilistId: 4, shikimoriId: 4, altname: 'Эйн, アイン, アイン', linkTo: ein.id },
      ],
    });
    expect(imported.body).toMatchObject({ success: true, created: [], conflicts: [] });
    expect(imported.body.updated.map((c: { id: number }) => c.id)).toEqual([vicious.id, ein.id]);
    expect(await count()).toBe(before);
    const ofAnime = (await a.en('GET', `/admin/characters?animeId=${bebop}`)).body as Array<{
      id: number;
      anilistId: number | null;
      shikimoriId: number | null;
      altname: string | null;
    }>;
    // The demo's altname (the Japanese name) stays, each new name joins it once.
    expect(ofAnime.find((c) => c.id === vicious.id)).toMatchObject({
      anilistId: 2734,
      shikimoriId: 2734,
      altname: 'ビシャス, Вишес',
    });
    expect(ofAnime.find((c) => c.id === ein.id)).toMatchObject({
      anilistId: 4,
      shikimoriId: 4,
      altname: 'アイン, Эйн',
    });
    // Asked again, both are found by their ids now.
    const again = await a.en('POST', '/admin/characters/import-matches', {
      animeId: bebop,
      candidates: rows,
    });
    expect(again.body.matches.map((m: { by: string }) => m.by)).toEqual(['anilistId', 'anilistId']);
  });

  it('refuses to link a character that holds another site id, and answers a missing anime with 404', async () => {
    const taken = (await a.en('POST', '/admin/characters', { name: 'Taken Twice', anilistId: 783001 })).body;
    const res = await a.en('POST', '/admin/characters/bulk', {
      animeId,
      characters: [{ name: 'Taken Twice', anilistId: 783002, linkTo: taken.id }],
    });
    expect(res.body).toMatchObject({ success: false, created: [], updated: [] });
    expect(res.body.conflicts[0].reason).toContain('holds other site ids');
    const missing = await a.ru('POST', '/admin/characters/import-matches', {
      animeId: 999999,
      candidates: [],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Аниме не найдено');
  });
});
