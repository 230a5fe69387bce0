import { ownerSchema } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { displayName, toOwner } from './owner-view';

describe('owner display name (requirements M3)', () => {
  it('uses the username, trimmed', () => {
    expect(displayName(7, 'sakura_fan')).toBe('sakura_fan');
    expect(displayName(7, '  Frieren  ')).toBe('Frieren');
  });

  it("falls back to 'ID: {id}' for an unknown, empty or blank username", () => {
    expect(displayName(7, null)).toBe('ID: 7');
    expect(displayName(8, undefined)).toBe('ID: 8');
    expect(displayName(9, '')).toBe('ID: 9');
    expect(displayName(10, ' \t ')).toBe('ID: 10');
  });

  it('builds the owner entry with id and user_id both the user id', () => {
    const owner = toOwner({ userId: 5, quantity: 2, username: null, avatar: null, discordId: null });
    expect(ownerSchema.parse(owner)).toEqual({
      id: 5,
      user_id: 5,
      username: 'ID: 5',
      avatar: null,
      discordId: '',
      quantity: 2,
    });
  });
});
