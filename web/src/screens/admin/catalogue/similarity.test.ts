import { describe, expect, it } from 'vitest';
import {
  type AnilistCharacter,
  AUTO_MATCH_THRESHOLD,
  autoMatch,
  batches,
  characterSimilarity,
  editSimilarity,
  importItem,
  jaccard,
  nameSimilarity,
  type ShikimoriCharacter,
} from './similarity';

const ani = (anilistId: number, name: string, extra: Partial<AnilistCharacter> = {}): AnilistCharacter => ({
  anilistId,
  name,
  altname: null,
  alternative: [],
  alternativeSpoiler: [],
  full: name,
  userPreferred: name,
  first: null,
  last: null,
  native: null,
  image: null,
  description: null,
  ...extra,
});
const shiki = (
  shikimoriId: number,
  name: string,
  extra: Partial<ShikimoriCharacter> = {},
): ShikimoriCharacter => ({
  shikimoriId,
  name,
  altname: null,
  japanese: null,
  url: null,
  ...extra,
});

describe('name similarity (requirements C5)', () => {
  it('is 1 for names identical after trim and lowercase', () => {
    expect(nameSimilarity('  Levi Ackerman ', 'levi ackerman')).toBe(1);
    expect(nameSimilarity('Эрен Йегер', 'эрен йегер')).toBe(1);
  });

  it('is 1 for the same set of words in another order (Western and Japanese name order)', () => {
    expect(nameSimilarity('Kamado Tanjirou', 'Tanjirou Kamado')).toBe(1);
    expect(nameSimilarity('Йегер Эрен', 'Эрен Йегер')).toBe(1);
  });

  it('is 1 for characters sharing their Japanese name, whatever the romanisation', () => {
    const a = ani(126071, 'Tanjirou Kamado', { native: '竈門 炭治郎' });
    const s = shiki(146156, 'Kamado Tanjiro', { japanese: '竈門炭治郎' });
    expect(nameSimilarity('Tanjirou Kamado', 'Kamado Tanjiro')).toBeLessThan(1);
    expect(characterSimilarity(a, s)).toBe(1);
  });

  it('otherwise takes the word overlap (Jaccard) when it is the larger', () => {
    const a = 'Roronoa Zoro';
    const b = 'Zoro Roronoa Pirate Hunter';
    expect(jaccard(a, b)).toBe(0.5);
    expect(editSimilarity(a, b)).toBeLessThan(0.5);
    expect(nameSimilarity(a, b)).toBe(0.5);
  });

  it('otherwise takes the edit-distance similarity when it is the larger (spelling variants)', () => {
    const latin = nameSimilarity('Tanjiro Kamado', 'Tanjirou Kamado');
    expect(jaccard('Tanjiro Kamado', 'Tanjirou Kamado')).toBeCloseTo(1 / 3);
    expect(latin).toBeCloseTo(1 - 1 / 15);
    expect(latin).toBeGreaterThanOrEqual(AUTO_MATCH_THRESHOLD);
    const cyrillic = nameSimilarity('Незуко Камадо', 'Нэдзуко Камадо');
    expect(cyrillic).toBeCloseTo(1 - 2 / 14);
    expect(cyrillic).toBeGreaterThanOrEqual(AUTO_MATCH_THRESHOLD);
  });

  it('stays below the automatic threshold for different characters', () => {
    expect(nameSimilarity('Zenitsu Agatsuma', 'Inosuke Hashibira')).toBeLessThan(AUTO_MATCH_THRESHOLD);
    expect(nameSimilarity('Микаса Аккерман', 'Армин Арлерт')).toBeLessThan(AUTO_MATCH_THRESHOLD);
  });

  it('compares every name variant of both characters', () => {
    const a = ani(40882, 'Eren Yeager', { alternative: ['Eren Jaeger', 'Эрен Йегер'] });
    expect(characterSimilarity(a, shiki(40882, 'Eren Jaeger'))).toBe(1);
    expect(characterSimilarity(a, shiki(40882, 'Eren Yeagerr', { altname: 'Йегер Эрен' }))).toBe(1);
  });
});

describe('automatic matching', () => {
  const anilist = [
    ani(1, 'Tanjiro Kamado', { native: '竈門 炭治郎' }),
    ani(2, 'Nezuko Kamado'),
    ani(3, 'Muzan Kibutsuji'),
  ];
  const shikimori = [
    shiki(10, 'Kamado Tanjirou', { japanese: '竈門炭治郎' }),
    shiki(20, 'Nezuko Kamado'),
    shiki(30, 'Giyuu Tomioka'),
  ];

  it('matches at or above 0.7, best first, each Shikimori character once', () => {
    const m = autoMatch(anilist, shikimori);
    expect(m.get(1)).toEqual({ shikimoriId: 10, score: 1 });
    expect(m.get(2)).toEqual({ shikimoriId: 20, score: 1 });
    expect(m.has(3)).toBe(false);
    // Two AniList spellings of one character: only the better keeps the Shikimori id.
    const twice = autoMatch(
      [ani(1, 'Nezuko Kamado'), ani(2, 'Nezuko Kamadou')],
      [shiki(20, 'Nezuko Kamado')],
    );
    expect([...twice.entries()]).toEqual([[1, { shikimoriId: 20, score: 1 }]]);
  });

  it('builds the import item with every name variant merged and de-duplicated', () => {
    const item = importItem(
      ani(1, 'Tanjiro Kamado', {
        native: '竈門 炭治郎',
        alternative: ['Tanjiro', 'tanjiro'],
        image: 'https://img/x.png',
      }),
      shiki(10, 'Kamado Tanjirou', { altname: 'Танджиро Камадо, Tanjiro', japanese: '竈門炭治郎' }),
    );
    expect(item).toEqual({
      name: 'Tanjiro Kamado',
      anilistId: 1,
      shikimoriId: 10,
      altname: 'Tanjiro, 竈門 炭治郎, Kamado Tanjirou, Танджиро Камадо, 竈門炭治郎',
      imageUrl: 'https://img/x.png',
      description: null,
    });
    expect(importItem(ani(2, 'Nezuko'), undefined)).not.toHaveProperty('shikimoriId');
  });

  it('lists an AniList alternative holding a comma once, not again as its parts', () => {
    // AniList's answer as the server relays it: altname is the alternatives joined with commas.
    const spike = ani(1, 'Spike Spiegel', {
      alternative: ['Spike, the Cowboy', 'Swimming Bird'],
      altname: 'Spike, the Cowboy, Swimming Bird',
    });
    expect(importItem(spike, undefined).altname).toBe('Spike, the Cowboy, Swimming Bird');
  });

  it('splits an import into batches of 50', () => {
    const sizes = batches(
      Array.from({ length: 120 }, (_, i) => i),
      50,
    ).map((b) => b.length);
    expect(sizes).toEqual([50, 50, 20]);
  });
});
