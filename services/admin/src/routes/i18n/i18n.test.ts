import { auditRecorded, i18nServerTexts, translationsSaved } from '@acg/contracts';
import { editableFile } from '@acg/i18n/bundled';
import { t } from '@acg/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTranslations } from '../../seed';
import { type AdminHarness, asAdmin, asUser, startAdminHarness, waitFor } from '../../test/harness';

const bundled = (lang: 'en' | 'ru') => structuredClone(editableFile(lang));

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
  await seedTranslations(h.database, { en: bundled('en'), ru: bundled('ru') });
});
afterAll(() => h?.close());

const save = (lang: string, body: string, headers = asAdmin()) =>
  h.fetch(`/admin/i18n?lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('translations', () => {
  it("serves the seeded web client's strings with an ETag, and 304 when unchanged", async () => {
    const res = await h.fetch('/api/i18n/ru');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(bundled('ru'));
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('cache-control')).toContain('max-age=60');
    const again = await h.fetch('/api/i18n/ru', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await h.fetch('/api/i18n/de')).status).toBe(404);
    expect((await h.fetch('/api/i18n/..%2Fetc')).status).toBe(400);
  });

  it('saves a language: the next answer has the change and a new ETag; audited', async () => {
    const before = await h.fetch('/api/i18n/ru');
    const etag = before.headers.get('etag')!;
    const data = await before.json();
    const firstKey = Object.keys(data)[0]!;
    const edited = { ...data, zzTest: { hello: 'Привет, мир' } };
    const res = await save('ru', JSON.stringify(edited));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lang: 'ru', added: 1, changed: 0, removed: 0, created: false });
    const after = await h.fetch('/api/i18n/ru', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).zzTest.hello).toBe('Привет, мир');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(firstKey).toBeTruthy();
    const events = (await h.outboxEvents(auditRecorded.type)).map((e) => auditRecorded.data.parse(e));
    expect(events.at(-1)).toMatchObject({
      action: 'translations.saved',
      category: 'system',
      targetId: 'ru',
      actorId: 1,
    });
  });

  it('adds a language with an empty object, and refuses {} for one that exists (409)', async () => {
    const res = await save('pt-BR', '{}');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lang: 'pt-BR', created: true, keys: 0 });
    expect(await (await h.fetch('/api/i18n/pt-BR')).json()).toEqual({});
    const langs = await (await h.fetch('/api/i18n')).json();
    expect(langs.map((l: { lang: string }) => l.lang)).toEqual(['en', 'pt-BR', 'ru']);
    const wipe = await save('ru', '{}');
    expect(wipe.status).toBe(409);
    expect((await wipe.json()).error).toBe('This language is already supported');
    // The spec's alert, for a Russian administrator.
    expect((await (await save('ru', '{}', asAdmin(1, 'ru'))).json()).error).toBe('Язык уже поддерживается');
    // One language in any case: pt-br is pt-BR (already there), and reads as it.
    expect((await save('pt-br', '{}')).status).toBe(409);
    expect((await h.fetch('/api/i18n/pt-br')).status).toBe(200);
    expect((await (await h.fetch('/api/i18n')).json()).map((l: { lang: string }) => l.lang)).toEqual([
      'en',
      'pt-BR',
      'ru',
    ]);
    expect(Object.keys(await (await h.fetch('/api/i18n/ru')).json()).length).toBeGreaterThan(3);
  });

  it('keeps plural entries and refuses malformed translations, invalid JSON and huge imports with 4xx', async () => {
    const ok = await save('pt-BR', JSON.stringify({ cards: { count: { plural: ['carta', 'cartas'] } } }));
    expect(ok.status).toBe(200);
    const en = JSON.stringify(await (await h.fetch('/api/i18n/en')).json());
    for (const [body, status] of [
      ['{"a": ', 400],
      ['[1,2]', 400],
      ['"text"', 400],
      [JSON.stringify({ a: 5 }), 400],
      [JSON.stringify({ a: { plural: [] } }), 400],
      [JSON.stringify({ 'bad key': 'x' }), 400],
      [JSON.stringify({ a: 'x'.repeat(10_001) }), 400],
      [
        JSON.stringify({
          big: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 'x'.repeat(9000)])),
        }),
        413,
      ],
      [JSON.stringify({ huge: 'x'.repeat(10 * 1024 * 1024) }), 413],
    ] as const) {
      const res = await save('en', body);
      expect(res.status, body.slice(0, 40)).toBe(status);
      expect(await res.json()).toHaveProperty('error');
    }
    expect((await save('EN!', '{}')).status).toBe(400);
    expect(JSON.stringify(await (await h.fetch('/api/i18n/en')).json())).toBe(en);
  });

  it('hands the services the server texts administrators changed, and announces each save', async () => {
    const before = (await h.bus.request(i18nServerTexts, {})).languages;
    expect(before.ru).toBeUndefined();
    const data = await (await h.fetch('/api/i18n/ru')).json();
    data.server.trades.expired = 'Обмен просрочен';
    data.server.trades.selfTrade = '';
    const res = await save('ru', JSON.stringify(data));
    expect(res.status).toBe(200);
    const { version } = await res.json();
    // Only what differs from the bundle: the blanked text is the bundled one.
    expect((await h.bus.request(i18nServerTexts, {})).languages.ru).toEqual({
      trades: { expired: 'Обмен просрочен' },
    });
    const saved = (await h.outboxEvents(translationsSaved.type)).map((e) => translationsSaved.data.parse(e));
    expect(saved.at(-1)).toEqual({ lang: 'ru', version });
    // The service's own answers follow once it hears the event.
    await waitFor(async () => t('ru', 'trades.expired') === 'Обмен просрочен', 'the new text');
    expect(t('ru', 'trades.selfTrade')).toBe('Нельзя предложить обмен самому себе');

    data.server.trades.expired = 'Срок обмена истёк';
    expect((await save('ru', JSON.stringify(data))).status).toBe(200);
    expect((await h.bus.request(i18nServerTexts, {})).languages.ru).toBeUndefined();
    await waitFor(async () => t('ru', 'trades.expired') === 'Срок обмена истёк', 'the bundled text');
  });

  it('lets only administrators save', async () => {
    expect((await save('en', '{}', {})).status).toBe(401);
    expect((await save('en', '{}', asUser(5))).status).toBe(403);
  });

  it('seeding again adds only missing keys and never overwrites edits', async () => {
    await seedTranslations(h.database, { ru: { ...bundled('ru'), zzNew: 'новый ключ' } }, { cache: h.cache });
    const ru = await (await h.fetch('/api/i18n/ru')).json();
    expect(ru.zzNew).toBe('новый ключ');
    expect(ru.zzTest.hello).toBe('Привет, мир');
  });

  it('refuses a save whose $t() texts would expand too far, in the administrator’s language', async () => {
    const current = await (await h.fetch('/api/i18n/ru')).json();
    // zzB: 200 × `$t(zzC)` (7 characters) and 199 spaces, each $t() becoming 100 characters: 20,199.
    const refs = (key: string, n: number) => Array.from({ length: n }, () => `$t(${key})`).join(' ');
    const attack = { ...current, zzA: refs('zzB', 200), zzB: refs('zzC', 200), zzC: 'x'.repeat(100) };
    const ru = await save('ru', JSON.stringify(attack), asAdmin(1, 'ru'));
    expect(ru.status).toBe(400);
    expect(await ru.json()).toMatchObject({
      code: 'validation_failed',
      error: 'Текст «zzB» с подставленными ссылками $t занял бы 20199 символов (не больше 20000)',
      details: { reason: 'expansion_text', key: 'zzB' },
    });
    const en = await save('ru', JSON.stringify({ ...current, zzLoop: 'a $t(zzLoop)' }), asAdmin(1, 'en'));
    expect(en.status).toBe(400);
    expect((await en.json()).error).toBe('The text "zzLoop" includes itself through $t references');
    // Nothing was stored.
    const after = await (await h.fetch('/api/i18n/ru')).json();
    expect(after.zzA).toBeUndefined();
    expect(after.zzLoop).toBeUndefined();
    // Ordinary nesting still saves.
    expect(
      (
        await save(
          'ru',
          JSON.stringify({ ...current, zzOk: 'Добро пожаловать, $t(zzName)', zzName: 'гость' }),
        )
      ).status,
    ).toBe(200);
  });
});
