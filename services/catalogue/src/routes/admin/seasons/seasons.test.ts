import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEASONS } from '../../../seed/demo-catalogue';
import { type AdminCatalogue, startAdminCatalogue } from '../../../test/admin';

const DEMO_SEASON_COUNT = Object.keys(DEMO_SEASONS).length;

let a: AdminCatalogue;
beforeAll(async () => {
  a = await startAdminCatalogue();
});
afterAll(() => a?.close());

describe('admin seasons', () => {
  it('creates a season, lists it at once (the cached list is cleared), deletes it', async () => {
    expect((await a.en('GET', '/admin/seasons')).body).toHaveLength(DEMO_SEASON_COUNT);
    const created = await a.en('POST', '/admin/seasons', {
      title: ' Зима ',
      startDate: '2030-01-01',
      endDate: '2030-01-01',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Зима',
      startDate: '2030-01-01',
      endDate: '2030-01-01',
    });
    expect((await a.en('GET', '/admin/seasons')).body[0]).toEqual(created.body);
    const deleted = await a.en('DELETE', `/admin/seasons/${created.body.id}`);
    expect(deleted.body).toEqual({ success: true, id: created.body.id });
    expect((await a.en('GET', '/admin/seasons')).body).toHaveLength(DEMO_SEASON_COUNT);
    expect(await a.audits('season.created')).toHaveLength(1);
    expect(await a.audits('season.deleted')).toHaveLength(1);
  });

  it('says the form messages of requirements C5 and refuses impossible dates and long titles, keeping nothing', async () => {
    const before = JSON.stringify((await a.en('GET', '/admin/seasons')).body);
    for (const [body, ru] of [
      [{ title: 'Зима' }, 'Название, дата начала и дата окончания обязательны'],
      [
        { title: '', startDate: '2026-01-01', endDate: '2026-02-01' },
        'Название, дата начала и дата окончания обязательны',
      ],
      [
        { title: 'Зима', startDate: '', endDate: '2026-02-01' },
        'Название, дата начала и дата окончания обязательны',
      ],
      [
        { title: 'Зима', startDate: '2026-03-01', endDate: '2026-02-01' },
        'Дата окончания не может быть раньше даты начала',
      ],
    ] as const) {
      const res = await a.ru('POST', '/admin/seasons', body);
      expect(res.status, ru).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(ru);
    }
    expect(
      (
        await a.en('POST', '/admin/seasons', {
          title: 'Winter',
          startDate: '2026-03-01',
          endDate: '2026-02-01',
        })
      ).body.error,
    ).toBe('The end date cannot be before the start date');
    for (const body of [
      { title: 'Зима', startDate: '2026-02-30', endDate: '2026-03-01' },
      { title: 'Зима', startDate: '2026-02-01', endDate: '2026-3-1' },
      { title: 'Ab\u0000c', startDate: '2026-01-01', endDate: '2026-02-01' },
      { title: 'x'.repeat(201), startDate: '2026-01-01', endDate: '2026-02-01' },
    ]) {
      const res = await a.en('POST', '/admin/seasons', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(JSON.stringify((await a.en('GET', '/admin/seasons')).body)).toBe(before);
  });

  it('refuses to delete a season with limited cards, and says a missing one, in the caller’s language', async () => {
    const seasons = (await a.en('GET', '/admin/seasons')).body as Array<{ id: number }>;
    const refusals = await Promise.all(seasons.map((s) => a.ru('DELETE', `/admin/seasons/${s.id}`)));
    const inUse = refusals.find((r) => r.status === 409);
    expect(inUse?.body.error).toMatch(
      /^В этом сезоне есть лимитированные карточки \(\d+\); сначала удалите или перенесите их$/,
    );
    const missing = await a.ru('DELETE', '/admin/seasons/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Сезон не найден');
    expect((await a.en('DELETE', '/admin/seasons/999999')).body.error).toBe('Season not found');
  });
});
