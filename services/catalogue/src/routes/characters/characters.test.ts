import { gunzipSync } from 'node:zlib';
import {
  animeListSchema,
  type Character,
  characterListSchema,
  errorBodySchema,
  NEXT_AFTER_HEADER,
  TOTAL_COUNT_HEADER,
} from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHARACTERS } from '../../seed/demo-catalogue';
import { type CatalogueHarness, signedIn, startCatalogue } from '../../test/harness';

/** Cards of the demo catalogue, regular and limited (derived from the seed data, not a literal). */
const demoCards = DEMO_CHARACTERS.reduce((n, c) => n + c.cards.length + (c.limited?.length ?? 0), 0);

let h: CatalogueHarness;
const fan = signedIn(7);
beforeAll(async () => {
  h = await startCatalogue();
});
afterAll(() => h?.close());

const list = async (query = '') => {
  const res = await h.get(`/api/characters${query}`, fan);
  expect(res.statusCode).toBe(200);
  return {
    characters: characterListSchema.parse(res.json()),
    total: res.headers[TOTAL_COUNT_HEADER],
    nextAfter: res.headers[NEXT_AFTER_HEADER],
  };
};
const names = (cs: Character[]) => cs.map((c) => c.name).sort();
const animeId = async (title: string) =>
  animeListSchema.parse((await h.get('/api/anime')).json()).find((a) => a.title === title)!.id;
const ascending = (ids: number[]) => ids.every((id, i) => i === 0 || ids[i - 1]! < id);

describe('GET /api/characters', () => {
  it('is for signed-in users', async () => {
    const res = await h.get('/api/characters');
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).code).toBe('authentication_required');
  });

  it('lists every character with its cards and their ranks, characters and cards in id order', async () => {
    const { characters, total, nextAfter } = await list();
    expect(characters).toHaveLength(DEMO_CHARACTERS.length);
    expect(total).toBe(String(DEMO_CHARACTERS.length));
    expect(nextAfter).toBeUndefined();
    expect(ascending(characters.map((c) => c.id))).toBe(true);
    for (const c of characters) expect(ascending(c.Cards.map((card) => card.id))).toBe(true);
    expect(characters.flatMap((c) => c.Cards)).toHaveLength(demoCards);
    const frieren = characters.find((c) => c.name === 'Frieren')!;
    expect(frieren).toMatchObject({
      altname: 'フリーレン',
      imageUrl: null,
      shikimoriId: 184947,
      anilistId: 176754,
    });
    expect(frieren.Cards.map((c) => [c.Rank.code, c.limited])).toEqual([
      ['SSS', false],
      ['X', true],
    ]);
    expect(frieren.Cards[0]!.Rank).toEqual({
      code: 'SSS',
      title: 'Celestial',
      titles: { ru: 'Небесная', ja: 'セレスティアル' },
      color: '#ffd700',
      imageUrl: null,
    });
    expect(frieren.Cards[1]!.seasonId).toEqual(expect.any(Number));
  });

  it('with rank_code lists the characters having a card of that rank, with only those cards', async () => {
    const s = await list('?rank_code=S');
    expect(names(s.characters)).toEqual(['Edward Elric', 'Kurisu Makise']);
    // Kurisu also has an SSS card, left out here.
    expect(s.characters.flatMap((c) => c.Cards.map((card) => card.Rank.code))).toEqual(['S', 'S']);
    const x = await list('?rank_code=X');
    expect(names(x.characters)).toEqual(['Anya Forger', 'Frieren', 'Shigeo Kageyama', 'Violet Evergarden']);
    expect(x.characters.every((c) => c.Cards.length === 1 && c.Cards[0]!.Rank.code === 'X')).toBe(true);
    expect(x.total).toBe('4');
  });

  it('with anime_id lists the characters of that catalogue anime, also with a rank', async () => {
    const zero = await animeId('Steins;Gate 0');
    expect(names((await list(`?anime_id=${zero}`)).characters)).toEqual([
      'Itaru Hashida',
      'Kurisu Makise',
      'Maho Hiyajo',
      'Mayuri Shiina',
      'Rintarou Okabe',
    ]);
    // Characters in two anime are listed under each.
    const fma = await animeId('Fullmetal Alchemist');
    const brotherhood = await animeId('Fullmetal Alchemist: Brotherhood');
    expect(names((await list(`?anime_id=${fma}`)).characters)).toEqual(
      names((await list(`?anime_id=${brotherhood}`)).characters),
    );
    const both = await list(`?anime_id=${zero}&rank_code=SSS`);
    expect(names(both.characters)).toEqual(['Kurisu Makise']);
    expect(both.characters[0]!.Cards.map((c) => c.Rank.code)).toEqual(['SSS']);
  });

  it('answers an empty list for an unknown anime or rank', async () => {
    for (const query of ['?anime_id=999999', '?rank_code=ZZ', '?rank_code=s', '?anime_id=999999&limit=10']) {
      const res = await list(query);
      expect(res.characters).toEqual([]);
      expect(res.total).toBe('0');
    }
  });

  it('searches names and alternative names with q, any case, wildcards taken literally', async () => {
    expect(names((await list('?q=forger')).characters)).toEqual([
      'Anya Forger',
      'Bond Forger',
      'Loid Forger',
      'Yor Forger',
    ]);
    expect(names((await list('?q=フリーレン')).characters)).toEqual(['Frieren']);
    expect((await list('?q=%25')).characters).toEqual([]);
    expect((await list('?q=%25%25%20_')).characters).toEqual([]);
    expect((await list('?q=_')).characters).toEqual([]);
  });

  it('finds a character by any of its names in any script, case and accents ignored (rules §57)', async () => {
    const q = async (text: string) => names((await list(`?q=${encodeURIComponent(text)}`)).characters);
    expect(await q('ДИМ')).toEqual(['Dimple']);
    expect(await q('ギルベルト')).toEqual(['Gilbert Bougainvillea']);
    expect(await q('ぎるべると')).toEqual(['Gilbert Bougainvillea']);
    expect(await q('гилберт бугенвиллея')).toEqual(['Gilbert Bougainvillea']);
    expect(await q('Gílbért')).toEqual(['Gilbert Bougainvillea']);
    expect(await q('фрирен')).toEqual(['Frieren']);
    expect(await q('Пёс')).toEqual([]);
  });

  it('carries every character’s names and descriptions per language', async () => {
    const gilbert = (await list('?q=gilbert')).characters[0]!;
    expect(gilbert.names).toEqual({
      en: 'Gilbert Bougainvillea',
      ru: 'Гилберт Бугенвиллея',
      ja: 'ギルベルト・ブーゲンビリア',
    });
    expect(gilbert.descriptions.ru).toBe('Майор, который дал Вайолет её имя.');
  });

  it('pages by id with limit and after, keeping the list shape and telling the total and where to go on', async () => {
    const all = (await list()).characters;
    const seen: Character[] = [];
    let after: string | undefined;
    let pages = 0;
    const expectedPages = Math.ceil(DEMO_CHARACTERS.length / 7);
    // Bounded: a page that does not move on (a cache key without `after`) ends the walk after one
    // page too many and fails below, instead of looping until memory runs out.
    do {
      const page = await list(`?limit=7${after ? `&after=${after}` : ''}`);
      expect(page.total).toBe(String(DEMO_CHARACTERS.length));
      expect(page.characters.length).toBeLessThanOrEqual(7);
      seen.push(...page.characters);
      const next = page.nextAfter as string | undefined;
      if (next) expect(next).toBe(String(page.characters.at(-1)!.id));
      if (next && after) expect(Number(next)).toBeGreaterThan(Number(after));
      after = next;
      pages++;
    } while (after && pages <= expectedPages);
    expect(after).toBeUndefined();
    expect(pages).toBe(expectedPages);
    expect(seen).toEqual(all);
    // A page that ends exactly at the last character says there is nothing after it.
    const lastFive = await list(`?limit=5&after=${all[all.length - 6]!.id}`);
    expect(lastFive.characters).toHaveLength(5);
    expect(lastFive.nextAfter).toBeUndefined();
    // Filters page the same way.
    const firstX = await list('?rank_code=X&limit=3');
    expect(firstX.total).toBe('4');
    const restX = await list(`?rank_code=X&limit=3&after=${firstX.nextAfter}`);
    expect([...firstX.characters, ...restX.characters]).toEqual((await list('?rank_code=X')).characters);
  });

  it('answers malformed filters with 400 and the error object', async () => {
    for (const query of [
      '?anime_id=abc',
      '?anime_id=0',
      '?anime_id=1.5',
      '?limit=0',
      '?limit=201',
      '?after=-1',
      '?rank_code=',
      '?rank_code=TOOLONGCODE',
    ]) {
      const res = await h.get(`/api/characters${query}`, fan);
      expect(res.statusCode, query).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body).toMatchObject({
        error: expect.stringMatching(/^Invalid request: \w+/),
        code: 'validation_failed',
      });
      expect(body.details).toMatchObject({ issues: [expect.objectContaining({ path: expect.any(String) })] });
    }
  });

  it('shows catalogue edits at once: a renamed character, a new card, a deleted card', async () => {
    await list();
    await list('?rank_code=E&limit=60');
    const bond = await h.characterId('Bond Forger');
    await h.editor.updateCharacter(bond, { name: 'Bond' });
    const card = await h.editor.createCard({ characterId: bond, rankCode: 'X' });
    let after = (await list()).characters.find((c) => c.id === bond)!;
    expect(after.name).toBe('Bond');
    expect(after.Cards.map((c) => c.id)).toContain(card.id);
    expect(names((await list('?rank_code=X')).characters)).toContain('Bond');
    await h.editor.deleteCard(card.id);
    after = (await list()).characters.find((c) => c.id === bond)!;
    expect(after.Cards.map((c) => c.id)).not.toContain(card.id);
    expect(names((await list('?rank_code=X')).characters)).not.toContain('Bond');
    expect((await h.caches.characters.stats()).hits).toBeGreaterThan(0);
  });

  it('sends gzip to clients that take it, and answers a matching If-None-Match with 304', async () => {
    const plain = await h.get('/api/characters', fan);
    const zipped = await h.get('/api/characters', { ...fan, 'accept-encoding': 'gzip, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const etag = plain.headers.etag as string;
    expect(zipped.headers.etag).toBe(etag);

    const again = await h.get('/api/characters', { ...fan, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers[TOTAL_COUNT_HEADER]).toBe(plain.headers[TOTAL_COUNT_HEADER]);
    // Signed out, the ETag gets nothing.
    expect((await h.get('/api/characters', { 'if-none-match': etag })).statusCode).toBe(401);
    // After an edit the old ETag no longer matches.
    await h.editor.updateCharacter(await h.characterId('Ein'), { name: 'Ein the Data Dog' });
    const changed = await h.get('/api/characters', { ...fan, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(names(characterListSchema.parse(changed.json()))).toContain('Ein the Data Dog');
    // Searches are gzipped too, though not cached.
    const search = await h.get('/api/characters?q=e', { ...fan, 'accept-encoding': 'gzip' });
    expect(search.headers['content-encoding']).toBe('gzip');
    expect(
      characterListSchema.parse(JSON.parse(gunzipSync(search.rawPayload).toString())).length,
    ).toBeGreaterThan(10);
  });
});
