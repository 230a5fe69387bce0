import type { CardSummary } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { changedCards } from './changed-cards';

const card = (id: number, over: Partial<CardSummary> = {}): CardSummary => ({
  id,
  characterId: 1,
  characterName: 'Frieren',
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
  rankImageUrl: null,
  rankOrder: 5,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 1,
  version: 'v1',
  ...over,
});

describe('changedCards', () => {
  it('sorts cards into created, updated and deleted, leaving unchanged ones out', () => {
    const changes = changedCards(
      [card(1), card(2), card(3)],
      [card(1), card(2, { characterName: 'Fern', version: 'v2' }), card(4)],
    );
    expect(changes.created.map((c) => c.id)).toEqual([4]);
    expect(changes.updated.map((c) => c.id)).toEqual([2]);
    expect(changes.deletedIds).toEqual([3]);
  });
  it('counts a change outside the look (the rarity score) as an update too', () => {
    expect(changedCards([card(1)], [card(1, { rarityScore: 2 })]).updated).toHaveLength(1);
    expect(changedCards([card(1)], [card(1)])).toEqual({ created: [], updated: [], deletedIds: [] });
  });
  it('compares the names per language by their texts, not by object identity', () => {
    const names = () => ({ en: 'Frieren', ru: 'Фрирен' });
    expect(
      changedCards([card(1, { characterNames: names() })], [card(1, { characterNames: names() })]).updated,
    ).toEqual([]);
    const renamed = card(1, { characterNames: { en: 'Frieren', ru: 'Фрирен!' } });
    expect(changedCards([card(1, { characterNames: names() })], [renamed]).updated).toEqual([renamed]);
  });
});
