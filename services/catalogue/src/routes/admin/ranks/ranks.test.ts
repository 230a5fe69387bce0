import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RANKS } from '../../../seed/demo-catalogue';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

let a: AdminCatalogue;
beforeAll(async () => {
  a = await startAdminCatalogue();
});
afterAll(() => a?.close());

describe('admin ranks', () => {
  it('lists the ranks in order and creates one after the highest', async () => {
    const list = (await a.en('GET', '/admin/ranks')).body;
    expect(list.map((r: { code: string }) => r.code)).toEqual([
      'E',
      'D',
      'C',
      'B',
      'A',
      'S',
      'SS',
      'SSS',
      'X',
    ]);
    const created = await a.en('POST', '/admin/ranks', {
      code: ' Z ',
      title: ' Zenith ',
      threshold: '99.5',
      imageUrl: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: 'Z',
      title: 'Zenith',
      titles: {},
      color: '#9e9e9e',
      imageUrl: null,
      threshold: 99.5,
      sortOrder: DEMO_RANKS.length,
    });
    expect((await a.en('GET', '/admin/ranks')).body.at(-1)).toEqual(created.body);
    expect(await a.audits('rank.created')).toHaveLength(1);
    const deleted = await a.en('DELETE', `/admin/ranks/${created.body.id}`);
    expect(deleted.body).toEqual({ success: true, id: created.body.id });
    expect(await a.audits('rank.deleted')).toMatchObject([{ targetId: String(created.body.id) }]);
  });

  it('keeps a title per language: an edit changes the languages it names, an empty one removes it', async () => {
    const created = await a.en('POST', '/admin/ranks', {
      code: 'Q',
      title: 'Quasar',
      titles: { ru: ' Квазар ', ja: 'クエーサー', en: '' },
    });
    expect(created.status).toBe(201);
    expect(created.body.titles).toEqual({ ru: 'Квазар', ja: 'クエーサー' });
    const id = created.body.id;
    // Only Russian named: Japanese stays.
    const ru = await a.en('PATCH', `/admin/ranks/${id}`, { titles: { ru: 'Квазарная' } });
    expect(ru.body.titles).toEqual({ ru: 'Квазарная', ja: 'クエーサー' });
    // An empty Japanese title removes it.
    const ja = await a.en('PATCH', `/admin/ranks/${id}`, { titles: { ja: '' } });
    expect(ja.body.titles).toEqual({ ru: 'Квазарная' });
    const audits = await a.audits('rank.updated');
    expect(audits.at(-2)?.after).toEqual({ titles: { ru: 'Квазарная', ja: 'クエーサー' } });
    expect(audits.at(-1)?.before).toEqual({ titles: { ru: 'Квазарная', ja: 'クエーサー' } });
    // The same titles again change nothing and log nothing.
    const count = audits.length;
    expect((await a.en('PATCH', `/admin/ranks/${id}`, { titles: { ru: 'Квазарная' } })).status).toBe(200);
    expect(await a.audits('rank.updated')).toHaveLength(count);
    expect((await a.en('PATCH', `/admin/ranks/${id}`, { titles: { ru: 'x'.repeat(101) } })).status).toBe(400);
    await a.en('DELETE', `/admin/ranks/${id}`);
  });

  it("says the server's refusals in the caller's language (rules §36)", async () => {
    const e = (await a.en('GET', '/admin/ranks')).body[0];
    const dupRu = await a.ru('POST', '/admin/ranks', { code: 'E', title: 'Снова' });
    expect(dupRu.status).toBe(409);
    expect(dupRu.body.error).toBe('Ранг с кодом "E" уже существует');
    expect((await a.en('POST', '/admin/ranks', { code: 'E', title: 'Again' })).body.error).toBe(
      'A rank with the code "E" already exists',
    );
    const inUse = await a.ru('DELETE', `/admin/ranks/${e.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatch(/^Этот ранг есть у карточек \(\d+\); сначала смените их ранг$/);
    const missing = await a.ru('DELETE', '/admin/ranks/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Ранг не найден');
    expect((await a.en('DELETE', '/admin/ranks/999999')).body.error).toBe('Rank not found');
  });

  it('says the form messages of requirements C5 and refuses other bad input with a 400, keeping nothing', async () => {
    const before = JSON.stringify((await a.en('GET', '/admin/ranks')).body);
    for (const [body, ru] of [
      [{ code: '', title: 'Zed' }, 'Код ранга обязателен'],
      [{ title: 'Zed' }, 'Код ранга обязателен'],
      [{ code: 'Z', title: ' ' }, 'Название обязательно'],
      [{ code: 'Z', title: 'Zed', threshold: -1 }, 'Порог должен быть неотрицательным числом'],
      [{ code: 'Z', title: 'Zed', threshold: 'many' }, 'Порог должен быть неотрицательным числом'],
    ] as const) {
      const res = await a.ru('POST', '/admin/ranks', body);
      expect(res.status, ru).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(ru);
    }
    for (const body of [
      { code: 'N\u0000', title: 'Nul' },
      { code: 'N', title: 'Ab\u0000c' },
      { code: 'N', title: 'x'.repeat(101) },
      { code: 'LONGERTHAN10', title: 'Long' },
      { code: 'N', title: 'Script', imageUrl: 'javascript:alert(1)' },
    ]) {
      const res = await a.en('POST', '/admin/ranks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(JSON.stringify((await a.en('GET', '/admin/ranks')).body)).toBe(before);
  });
});
