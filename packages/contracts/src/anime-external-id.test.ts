import { describe, expect, it } from 'vitest';
import { parseAnimeExternalId } from './anime-external-id';

describe('parseAnimeExternalId', () => {
  it('reads al-<n> as an AniList id and a plain number as Shikimori (else AniList)', () => {
    expect(parseAnimeExternalId('al-154587')).toEqual({ service: 'anilist', id: 154587 });
    expect(parseAnimeExternalId('5114')).toEqual({ service: 'shikimori-or-anilist', id: 5114 });
  });
  it('refuses anything that cannot be an external id', () => {
    for (const raw of ['', 'abc', 'al-', 'AL-5', '-5', '5.0', '0', 'al-0', '99999999999', ' 5'])
      expect(parseAnimeExternalId(raw)).toBeUndefined();
  });
});
