import { createTradeBodySchema } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { checkAction, checkNewTrade } from './rules';
import { publicStatus } from './trade-view';

const body = (over: Record<string, unknown>) => createTradeBodySchema.parse({ toUserId: 2, ...over });

describe('checkNewTrade', () => {
  it('accepts a trade with an item on one side only', () => {
    expect(() => checkNewTrade(1, body({ fromItems: [{ inventoryId: 5 }] }))).not.toThrow();
    expect(() => checkNewTrade(1, body({ toItems: [{ inventoryId: 6, quantity: 3 }] }))).not.toThrow();
  });
  it('refuses trading with yourself, an empty trade and an entry listed twice', () => {
    expect(() => checkNewTrade(2, body({ fromItems: [{ inventoryId: 5 }] }))).toThrow(
      'You cannot trade with yourself',
    );
    expect(() => checkNewTrade(1, body({}))).toThrow('A trade needs at least one item on either side');
    expect(() =>
      checkNewTrade(1, body({ fromItems: [{ inventoryId: 5 }], toItems: [{ inventoryId: 5 }] })),
    ).toThrow('Inventory item 5 is listed more than once');
  });
  it('defaults a quantity to 1 and refuses more than 50 items a side', () => {
    expect(body({ fromItems: [{ inventoryId: 5 }] }).fromItems[0]?.quantity).toBe(1);
    const many = Array.from({ length: 51 }, (_, i) => ({ inventoryId: i + 1 }));
    expect(createTradeBodySchema.safeParse({ toUserId: 2, fromItems: many }).success).toBe(false);
  });
});

describe('checkAction', () => {
  const future = new Date(Date.now() + 60_000);
  const trade = { fromUserId: 1, toUserId: 2, status: 'pending' as const, expiresAt: future };
  const now = new Date();
  it('lets the recipient accept or decline and the sender cancel', () => {
    expect(() => checkAction(trade, 2, 'accept', now)).not.toThrow();
    expect(() => checkAction(trade, 2, 'decline', now)).not.toThrow();
    expect(() => checkAction(trade, 1, 'cancel', now)).not.toThrow();
  });
  it('refuses the wrong party with 403 and a settled or expired trade with 409', () => {
    const status = (f: () => void) => {
      try {
        f();
      } catch (err) {
        return [(err as { status: number }).status, (err as Error).message];
      }
      return null;
    };
    expect(status(() => checkAction(trade, 1, 'accept', now))).toEqual([
      403,
      'Only the recipient can accept this trade',
    ]);
    expect(status(() => checkAction(trade, 2, 'cancel', now))).toEqual([
      403,
      'Only the sender can cancel this trade',
    ]);
    expect(status(() => checkAction(trade, 3, 'decline', now))).toEqual([403, 'This trade is not yours']);
    expect(status(() => checkAction({ ...trade, status: 'accepting' }, 2, 'accept', now))).toEqual([
      409,
      'This trade is being accepted',
    ]);
    expect(status(() => checkAction({ ...trade, status: 'declined' }, 1, 'cancel', now))).toEqual([
      409,
      'This trade is already declined',
    ]);
    expect(status(() => checkAction({ ...trade, expiresAt: now }, 2, 'accept', now))).toEqual([
      409,
      'This trade has expired',
    ]);
  });
  it('shows an accept under way as pending', () => {
    expect(publicStatus('accepting')).toBe('pending');
    expect(publicStatus('expired')).toBe('expired');
  });
});
