import { describe, expect, it } from 'vitest';
import { describeLogRow, userIdsOf } from './log-describe';

const names = new Map([
  [1, 'Aiko'],
  [2, 'Борис'],
]);
const row = (action: string, over: Record<string, unknown> = {}) => ({
  action,
  targetType: null,
  targetId: null,
  before: null,
  after: null,
  ...over,
});

describe('audit descriptions in the reader’s language', () => {
  it('names a user by name with the id beside it, and levels by their names', () => {
    const change = row('user.level-changed', {
      targetType: 'user',
      targetId: '2',
      before: { adminLevel: 0 },
      after: { adminLevel: 2 },
    });
    expect(describeLogRow(change, 'en', names)).toBe('Access level of Борис (#2): User → Moderator');
    expect(describeLogRow(change, 'ru', names)).toBe('Уровень доступа Борис (#2): Пользователь → Модератор');
    // A user the log does not know is named by id.
    expect(describeLogRow({ ...change, targetId: '9' }, 'en', names)).toBe(
      'Access level of #9: User → Moderator',
    );
  });

  it('names objects from what the row recorded, and a trade’s two parties', () => {
    expect(
      describeLogRow(
        row('card.deleted', {
          targetType: 'card',
          targetId: '42',
          before: { characterName: 'Vicious', rankCode: 'B' },
        }),
        'ru',
        names,
      ),
    ).toBe('Удалена карточка Vicious (#42)');
    const trade = row('trade.accepted', {
      targetType: 'trade',
      targetId: '5',
      after: { status: 'accepted', fromUserId: 1, toUserId: 2 },
    });
    expect(describeLogRow(trade, 'en', names)).toBe('Trade #5 accepted (Aiko (#1) → Борис (#2))');
    expect(userIdsOf(trade)).toEqual([1, 2]);
    // Rows written before the parties were recorded say what they can.
    expect(describeLogRow({ ...trade, after: { status: 'accepted' } }, 'ru', names)).toBe('Обмен #5 принят');
    expect(
      describeLogRow(
        row('character.imported', {
          targetType: 'anime',
          targetId: '3',
          after: { created: [7], updated: [8, 9] },
        }),
        'en',
        names,
      ),
    ).toBe('Imported 1 new and linked 2 existing characters to anime #3');
  });

  it('shows an action no template knows by its name and target', () => {
    expect(describeLogRow(row('bot.something', { targetType: 'card', targetId: '3' }), 'ru', names)).toBe(
      'bot.something: #3',
    );
    expect(describeLogRow(row('weird'), 'en', names)).toBe('weird');
  });
});
