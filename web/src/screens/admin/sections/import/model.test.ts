import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../../i18n';
import { jsonResponse, stubFetch } from '../../../../test/render';
import { say } from '../../catalogue/say';
import type { ShikimoriCharacter } from '../../catalogue/similarity';
import { type BatchReport, importBatch, loadShikimori, lookupShikimori, optionsFor } from './model';

const ru = createI18n('ru').t;
afterEach(() => vi.unstubAllGlobals());

const answer =
  (status: number, body: string, statusText = '') =>
  async () =>
    new Response(body, { status, statusText, headers: { 'content-type': 'application/json' } });

describe('import: the Shikimori character list (requirements C8)', () => {
  it.each([
    [504, '{}', '', 'Gateway Timeout: the external service did not respond in time, try later'],
    [429, '{}', '', 'Rate limit exceeded: too many requests, try later'],
    [500, '{}', 'Internal Server Error', 'Ошибка 500: Internal Server Error'],
    [200, '<html>login</html>', '', 'Нет доступа или сессия истекла. Пожалуйста, войдите заново.'],
    [200, '{"error":"anime not found"}', '', 'anime not found'],
    [200, '{}', '', 'Ошибка загрузки персонажей с Shikimori'],
  ])('status %i body %s → %s', async (status, body, statusText, expected) => {
    stubFetch(answer(status, body, statusText));
    const result = await loadShikimori(16498);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(say(ru, result.message)).toBe(expected);
  });

  it('says a network failure', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });
    const result = await loadShikimori(16498);
    expect(!result.ok && say(ru, result.message)).toBe('Ошибка сети при загрузке персонажей с Shikimori');
  });

  it('reads the list from the right path', async () => {
    const fetchMock = stubFetch(async () =>
      jsonResponse([{ shikimoriId: 1, name: 'Eren', altname: null, japanese: null, url: null }]),
    );
    const result = await loadShikimori(16498);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/admin/shikimori/anime/16498/characters');
    expect(result.ok && result.value.map((c) => c.name)).toEqual(['Eren']);
  });
});

describe('import: the manual Shikimori id look-up', () => {
  it('answers the timeout, not found and request errors', async () => {
    stubFetch(answer(504, '{}'));
    let r = await lookupShikimori(5);
    expect(!r.ok && say(ru, r.message)).toBe(
      'Gateway Timeout: the external service did not respond in time, try later',
    );
    stubFetch(answer(404, '{"error":"not found"}'));
    r = await lookupShikimori(5);
    expect(!r.ok && say(ru, r.message)).toBe('Персонаж не найден');
    stubFetch(async () => {
      throw new TypeError('offline');
    });
    r = await lookupShikimori(5);
    expect(!r.ok && say(ru, r.message)).toBe('Ошибка запроса');
  });
});

describe('import: batches', () => {
  const item = { name: 'Eren', anilistId: 1, altname: '', imageUrl: null, description: null };
  const fresh = (): BatchReport => ({ created: 0, updated: 0, conflicts: 0, errors: [] });

  it('names a 413 batch and its size, keeps other failures, and counts successes', async () => {
    const report = fresh();
    stubFetch(answer(413, '{}'));
    await importBatch(2, [item, item], 7, report);
    stubFetch(answer(502, '{"error":"upstream"}', 'Bad Gateway'));
    await importBatch(3, [item], 7, report);
    stubFetch(async () => jsonResponse({ success: false, error: 'duplicate' }));
    await importBatch(4, [item], 7, report);
    const fetchMock = stubFetch(async () =>
      jsonResponse({ success: true, created: [{}, {}], updated: [{}], conflicts: [] }),
    );
    await importBatch(5, [item], 7, report);
    expect(report.errors.map((m) => say(ru, m))).toEqual([
      'Батч 2 слишком большой (2 персонажей). Попробуйте выбрать меньше персонажей.',
      'HTTP 502: upstream',
      'Батч 4: duplicate',
    ]);
    expect(report).toMatchObject({ created: 2, updated: 1, conflicts: 0 });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/admin/characters/bulk');
    expect(JSON.parse(String(init?.body))).toEqual({ characters: [item], animeId: 7 });
  });
});

describe('import: Shikimori options per row', () => {
  const options: ShikimoriCharacter[] = [10, 20, 30].map((shikimoriId) => ({
    shikimoriId,
    name: `c${shikimoriId}`,
    altname: null,
    japanese: null,
    url: null,
  }));
  it('hides an id used by another row but keeps the row its own', () => {
    const chosen = new Map<number, number | null>([
      [1, 10],
      [2, 20],
      [3, null],
    ]);
    expect(optionsFor(1, options, chosen).map((o) => o.shikimoriId)).toEqual([10, 30]);
    expect(optionsFor(3, options, chosen).map((o) => o.shikimoriId)).toEqual([30]);
  });
});
