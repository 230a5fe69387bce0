import {
  characterListSchema,
  likeResultSchema as contractLikeResult,
  likesSchema as contractLikes,
  inventoryStatsSchema as contractStats,
  inventoryListSchema,
  meSchema,
  NEXT_AFTER_HEADER,
  ownerListSchema,
  rankListSchema,
  TOTAL_COUNT_HEADER,
} from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { characterSchema, likeCountSchema, likeResultSchema, ownerSchema, rankSchema } from './catalogue';
import { NEXT_AFTER, TOTAL_COUNT } from './characters';
import { inventoryEntrySchema, inventoryStatsSchema, meUserSchema } from './profile';

// The page keeps small zod/mini copies of the answers it reads (README: Decisions). Answers the
// contracts accept must parse with the copies too; these samples are checked against both.
const rank = { code: 'S', title: 'Mythic', color: '#f44336', imageUrl: null };
const samples = {
  ranks: [{ id: 6, ...rank, threshold: 50, sortOrder: 5 }],
  characters: [
    {
      id: 1,
      name: 'Frieren',
      altname: 'フリーレン',
      description: null,
      imageUrl: null,
      shikimoriId: 184947,
      anilistId: null,
      Cards: [{ id: 10, imageUrl: null, limited: true, seasonId: 2, Rank: rank }],
    },
  ],
  owners: [{ id: 7, user_id: 7, username: 'sakura_fan', avatar: null, discordId: '1187', quantity: 2 }],
  inventory: [
    {
      id: 1,
      cardId: 10,
      limited: true,
      obtainedAt: '2026-11-01T10:00:00.000Z',
      quantity: 1,
      character: 'Frieren',
      rank: 'S',
      Card: {
        id: 10,
        imageUrl: null,
        Character: { id: 1, name: 'Frieren' },
        Rank: { code: 'S', color: '#f44336', title: 'Mythic' },
      },
    },
  ],
  stats: { total_cards: 3, limited_cards: 1, common_cards: 2, unique_characters: 2 },
  me: {
    user: {
      id: 7,
      username: 'sakura_fan',
      discriminator: '0',
      discordId: '1187',
      avatar: 'abc',
      email: null,
      level: 0,
      adminLevel: 0,
      language: 'en',
      shikimoriId: null,
      shikimoriNickname: null,
      shikimoriAvatar: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    language: 'en',
  },
};

describe('the page’s copies of the answer shapes', () => {
  it('read every answer the contracts allow', () => {
    expect(z.parse(z.array(rankSchema), rankListSchema.parse(samples.ranks))).toHaveLength(1);
    expect(z.parse(z.array(characterSchema), characterListSchema.parse(samples.characters))).toHaveLength(1);
    expect(z.parse(z.array(ownerSchema), ownerListSchema.parse(samples.owners))).toHaveLength(1);
    expect(z.parse(z.array(inventoryEntrySchema), inventoryListSchema.parse(samples.inventory))).toHaveLength(
      1,
    );
    expect(z.parse(inventoryStatsSchema, contractStats.parse(samples.stats))).toEqual(samples.stats);
    expect(z.parse(meUserSchema, meSchema.parse(samples.me).user).username).toBe('sakura_fan');
    expect(z.parse(likeCountSchema, contractLikes.parse({ likes: 4, liked: true }))).toEqual({
      likes: 4,
      liked: true,
    });
    const refused = contractLikeResult.parse({ success: false, likes: 4, error: 'Already liked' });
    expect(z.parse(likeResultSchema, refused)).toEqual({ success: false, likes: 4 });
  });

  it('use the paging headers of the contracts', () => {
    expect([TOTAL_COUNT, NEXT_AFTER]).toEqual([TOTAL_COUNT_HEADER, NEXT_AFTER_HEADER]);
  });
});
