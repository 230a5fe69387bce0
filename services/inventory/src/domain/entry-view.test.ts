import { adminInventoryItemSchema, inventoryEntrySchema } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { type EntryRow, toAdminInventoryItem, toInventoryEntry } from './entry-view';

const obtainedAt = new Date('2026-05-01T12:00:00.000Z');
const known: EntryRow = {
  id: 3,
  cardId: 9,
  quantity: 2,
  obtainedAt,
  characterId: 40,
  characterName: 'Himmel',
  characterNames: { en: 'Himmel', ru: 'Химмель', ja: 'ヒンメル' },
  animeIds: [5],
  rankCode: 'SS',
  rankTitle: 'Divine',
  rankColor: '#e91e63',
  limited: true,
  imageUrl: 'https://example.test/himmel.webp',
  deleted: false,
  printNumbers: [3, 9],
};
const unknownCard: EntryRow = {
  ...known,
  characterId: null,
  characterName: null,
  characterNames: null,
  animeIds: null,
  rankCode: null,
  rankTitle: null,
  rankColor: null,
  limited: null,
  imageUrl: null,
  deleted: null,
};

describe('inventory entry view', () => {
  it('shapes a joined row as the spec’s Inventory entry', () => {
    expect(inventoryEntrySchema.parse(toInventoryEntry(known, 'en'))).toEqual({
      id: 3,
      cardId: 9,
      limited: true,
      obtainedAt: '2026-05-01T12:00:00.000Z',
      quantity: 2,
      printNumbers: [3, 9],
      character: 'Himmel',
      rank: 'SS',
      Card: {
        id: 9,
        imageUrl: 'https://example.test/himmel.webp',
        Character: { id: 40, name: 'Himmel', names: ['Himmel', 'Химмель', 'ヒンメル'] },
        Rank: { code: 'SS', color: '#e91e63', title: 'Divine' },
      },
      animeIds: [5],
    });
  });

  it('names the character in the caller’s language, falling back to English, then the primary name', () => {
    expect(toInventoryEntry(known, 'ru').character).toBe('Химмель');
    expect(toInventoryEntry(known, 'ru').Card.Character.name).toBe('Химмель');
    expect(toInventoryEntry({ ...known, characterNames: { ja: 'ヒンメル' } }, 'ru').character).toBe('Himmel');
    expect(toInventoryEntry({ ...known, characterNames: {} }, 'ja').character).toBe('Himmel');
  });

  it('falls back to "Card #id", rank ? and not limited while the card summary is missing', () => {
    expect(toInventoryEntry(unknownCard, 'ru')).toMatchObject({
      character: 'Card #9',
      rank: '?',
      limited: false,
      Card: {
        imageUrl: null,
        Character: { id: 0, name: 'Card #9' },
        Rank: { code: '?', title: '?', color: '#9e9e9e' },
      },
    });
  });

  it('adds Rank.name (the title) and the deleted mark for administrators', () => {
    const item = adminInventoryItemSchema.parse(toAdminInventoryItem({ ...known, deleted: true }, 'en'));
    expect(item.Card.Rank).toEqual({ code: 'SS', color: '#e91e63', title: 'Divine', name: 'Divine' });
    expect(item.Card.deleted).toBe(true);
    expect(toAdminInventoryItem(unknownCard, 'en').Card).toMatchObject({
      deleted: false,
      Rank: { name: '?' },
    });
  });
});
