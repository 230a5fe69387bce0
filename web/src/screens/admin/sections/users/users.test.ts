import { describe, expect, it } from 'vitest';
import { nextSort, shownRange } from './index';
import { filterInventory } from './UserModal';

describe('users table helpers', () => {
  it('flips the active column and starts another one ascending', () => {
    expect(nextSort({ column: 'id', order: 'asc' }, 'id')).toEqual({ column: 'id', order: 'desc' });
    expect(nextSort({ column: 'id', order: 'desc' }, 'id')).toEqual({ column: 'id', order: 'asc' });
    expect(nextSort({ column: 'id', order: 'desc' }, 'username')).toEqual({
      column: 'username',
      order: 'asc',
    });
  });

  it('says which rows are shown', () => {
    expect(shownRange(1, 25, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(shownRange(1, 25, 7)).toEqual({ from: 1, to: 7, total: 7 });
    expect(shownRange(3, 10, 27)).toEqual({ from: 21, to: 27, total: 27 });
  });

  it('filters the inventory by character or rank name, trimmed and case-insensitive', () => {
    const item = (id: number, name: string, rank: string) => ({
      id,
      quantity: 1,
      obtainedAt: '2026-01-01T00:00:00Z',
      Card: { id, Character: { name }, Rank: { name: rank } },
    });
    const items = [item(1, 'Edward Elric', 'Mythic'), item(2, 'Kurisu Makise', 'Legendary')];
    expect(filterInventory(items, '  EDWARD ').map((i) => i.id)).toEqual([1]);
    expect(filterInventory(items, 'legend').map((i) => i.id)).toEqual([2]);
    expect(filterInventory(items, '')).toHaveLength(2);
    expect(filterInventory(items, 'nobody')).toEqual([]);
  });
});
