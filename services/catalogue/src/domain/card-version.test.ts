import type { CardSummary } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { cardVersion } from './card-version';

const look: Omit<CardSummary, 'version'> = {
  id: 1,
  characterId: 1,
  characterName: 'Frieren',
  characterAltname: 'フリーレン',
  characterImageUrl: null,
  rankCode: 'SSS',
  rankTitle: 'Celestial',
  rankColor: '#ffd700',
  rankImageUrl: null,
  rankOrder: 7,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 97,
};

describe('cardVersion', () => {
  it('is stable for the same card and changes with anything the card image shows', () => {
    const base = cardVersion(look);
    expect(cardVersion({ ...look })).toBe(base);
    const changes: Array<Partial<typeof look>> = [
      { rankCode: 'X' },
      { rankColor: '#000000' },
      { rankImageUrl: 'data:image/png;base64,AA' },
      { characterName: 'Fern' },
      { characterImageUrl: 'data:image/png;base64,AA' },
      { imageUrl: 'data:image/png;base64,BB' },
      { limited: true },
    ];
    const versions = changes.map((c) => cardVersion({ ...look, ...c }));
    for (const v of versions) expect(v).not.toBe(base);
    expect(new Set(versions).size).toBe(versions.length);
  });
  it('ignores the rarity score, which the image does not show', () => {
    expect(cardVersion({ ...look, rarityScore: 12 })).toBe(cardVersion(look));
  });
});
