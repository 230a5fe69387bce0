import { describe, expect, it } from 'vitest';
import {
  CharacterIndex,
  matchCandidates,
  mergeAltnames,
  nameKey,
  nameScore,
  nameWords,
  type StoredCharacter,
} from './character-match';

const stored = (id: number, name: string, extra: Partial<StoredCharacter> = {}): StoredCharacter => ({
  id,
  name,
  altname: null,
  anilistId: null,
  shikimoriId: null,
  ...extra,
});

describe('name keys', () => {
  it('meet across case, spaces, punctuation, long vowels, accents and Cyrillic', () => {
    expect(nameKey('  VICIOUS ')).toBe(nameKey('Vicious'));
    expect(nameKey('Satou Kazuma')).toBe(nameKey('Satō Kazuma'));
    expect(nameKey('Ookami')).toBe(nameKey('Ōkami'));
    expect(nameKey('Yuusuke')).toBe(nameKey('Yusuke'));
    expect(nameKey('Эйн')).toBe(nameKey('Ein'));
    expect(nameKey('Синдзи Икари')).toBe(nameKey('Sinji Ikari'));
    expect(nameKey('Jet-Black')).toBe(nameKey('jet black'));
  });
  it('keeps Japanese script as written, spaces and middle dots aside', () => {
    expect(nameWords('スパイク・スピーゲル')).toEqual(['スパイクスピーゲル']);
    expect(nameKey('碇 シンジ')).toBe(nameKey('碇シンジ'));
  });
  it('scores the same words in another order as the same name, and unrelated names low', () => {
    expect(nameScore(nameWords('Spiegel Spike'), nameWords('Spike Spiegel'))).toBe(1);
    expect(nameScore(nameWords('Faye Valentine'), nameWords('Faye Valentin'))).toBeGreaterThan(0.8);
    expect(nameScore(nameWords('Vicious'), nameWords('Jet Black'))).toBeLessThan(0.3);
  });
});

describe('matching rows against the catalogue', () => {
  const catalogue = [
    stored(10, 'Vicious'),
    stored(11, 'Ein', { altname: 'Data Dog' }),
    stored(12, 'Spike Spiegel', { anilistId: 1, shikimoriId: 1 }),
    stored(13, 'Edward Elric', { anilistId: 11 }),
    stored(14, 'Faye', { anilistId: 999 }),
  ];
  const index = new CharacterIndex(catalogue, new Set([10, 12]));

  it('finds characters without ids by name, in this anime or elsewhere, and by either id', () => {
    const matches = matchCandidates(index, [
      { anilistId: 2734, shikimoriId: 2734, names: ['Vicious', 'Вишес', 'ビシャス'] },
      { anilistId: 4, shikimoriId: 4, names: ['Ein', 'Эйн', 'アイン'] },
      { anilistId: 1, names: ['Spike Spiegel'] },
      { anilistId: 500, shikimoriId: 1, names: ['Someone Else'] },
      { anilistId: 2, names: ['Faye Valentine', 'Faye'] },
    ]);
    expect(matches.map((m) => [m.anilistId, m.character.id, m.by, m.score, m.inAnime])).toEqual([
      [1, 12, 'anilistId', 1, true],
      [4, 11, 'name', 1, false],
      [2734, 10, 'name', 1, true],
    ]);
  });

  it('never matches a character that holds another id of the same site', () => {
    // "Faye" (id 14) is AniList 999: a row with AniList 2 named Faye is someone else.
    expect(matchCandidates(index, [{ anilistId: 2, names: ['Faye'] }])).toEqual([]);
  });

  it('gives a stored character to one row only, the closer one', () => {
    const matches = matchCandidates(new CharacterIndex([stored(1, 'Ein')], new Set([1])), [
      { anilistId: 7, names: ['Eine'] },
      { anilistId: 8, names: ['Ein'] },
    ]);
    expect(matches.map((m) => m.anilistId)).toEqual([8]);
  });

  it('needs a closer name for characters of other anime than for the anime’s own', () => {
    const spike = [stored(1, 'Spike Spiegl')];
    const row = [{ anilistId: 1000, names: ['Spike Spiegel'] }];
    expect(matchCandidates(new CharacterIndex(spike, new Set([1])), row)).toHaveLength(1);
    expect(matchCandidates(new CharacterIndex([stored(1, 'Spika Spigl')], new Set()), row)).toEqual([]);
  });
});

describe('alternative names', () => {
  it('lists each name once, a name with a comma included, never the character’s own name', () => {
    expect(
      mergeAltnames('Spike Spiegel', null, ['Spike, the Cowboy', 'Spike', 'spike', 'Spike, the Cowboy']),
    ).toBe('Spike, the Cowboy');
    expect(mergeAltnames('Ein', 'Data Dog', ['Эйн', 'data  dog', 'アイン', 'Ein'])).toBe(
      'Data Dog, Эйн, アイン',
    );
    // Stored as its parts, the name with a comma is not added again.
    expect(mergeAltnames('Spike Spiegel', 'Spike, the Cowboy', ['Spike, the Cowboy'])).toBe(
      'Spike, the Cowboy',
    );
    expect(mergeAltnames('Vicious', null, ['Vicious'])).toBeNull();
  });
});
