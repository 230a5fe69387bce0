import {
  auditRecorded,
  inventoryTradeReserve,
  tradeListSchema,
  tradeSchema,
  tradeStatsSchema,
  tradesAct,
} from '@acg/contracts';
import { AppError } from '@acg/platform';
import { SWEEP_LOCK } from '@acg/trades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradesHarness, type TradesHarness, waitFor } from './testing/trades-harness';

/**
 * The trades service with the real inventory service (issue 8): the member's and the admin's
 * calls over HTTP, every rule of docs/rules.md §34 with the answer a bad request gets, the
 * escrow in inventory, the transfer and the provenance it leaves.
 */
let h: TradesHarness;
const A = 1;
const B = 2;
const C = 3;
const ADMIN = 9;
beforeAll(async () => {
  // The sweep runs at start-up only (its schedule is once a year): restarts heal, as after a crash.
  h = await startTradesHarness({ env: { TRADE_SWEEP_ENABLED: 'true', TRADE_SWEEP_SCHEDULE: '0 0 1 1 *' } });
  h.addUsers(A, B, C, ADMIN);
  await h.addCards(1, 2, 3, 4, 5);
}, 120_000);
afterAll(() => h?.close());

const quantity = async (userId: number, cardId: number) =>
  (await h.entries()).find((e) => e.user_id === userId && e.card_id === cardId) ?? {
    quantity: 0,
    reserved: 0,
  };

describe('a trade from offer to acceptance', () => {
  it('reserves the offer, moves both sides once accepted, and keeps the provenance', async () => {
    const aCard = await h.drop(A, 1);
    await h.drop(A, 1);
    const bCard = await h.drop(B, 2);

    // B's side of the form: what B can trade.
    const picker = await h.inventoryCall(`/api/inventory/tradeable?user_id=${B}`, A);
    expect(picker.status).toBe(200);
    expect(picker.body).toEqual([
      {
        inventoryId: bCard,
        cardId: 2,
        characterName: 'Character 2',
        characterNames: ['Character 2'],
        imageUrl: 'https://img.test/2.png',
        limited: false,
        rank: { code: 'S', title: 'Mythic', color: '#f44336' },
        free: 1,
      },
    ]);

    const created = await h.call('POST', '/trade/api', A, {
      toUserId: B,
      fromItems: [{ inventoryId: aCard, quantity: 1 }],
      toItems: [{ inventoryId: bCard, quantity: 1 }],
      description: 'Swap?',
      message: 'I want your S card',
    });
    expect(created.status).toBe(201);
    const trade = tradeSchema.parse(created.body);
    expect(trade).toMatchObject({
      from_user_id: A,
      to_user_id: B,
      status: 'pending',
      description: 'Swap?',
      message: 'I want your S card',
      FromUser: { id: A, username: 'user1' },
      ToUser: { id: B, username: 'user2' },
    });
    expect(
      trade.Items.map((i) => [i.side, i.inventoryId, i.quantity, i.Inventory.Card.Character.name]),
    ).toEqual([
      ['from', aCard, 1, 'Character 1'],
      ['to', bCard, 1, 'Character 2'],
    ]);
    // 7 days by default.
    const ttl = new Date(trade.expiresAt).getTime() - new Date(trade.createdAt).getTime();
    expect(Math.round(ttl / 3600_000)).toBe(168);
    expect(await quantity(A, 1)).toMatchObject({ quantity: 2, reserved: 1 });
    // The reserved copy is no longer offered to others.
    const mine = await h.inventoryCall('/api/inventory/tradeable', A);
    expect(mine.body.find((c: { inventoryId: number }) => c.inventoryId === aCard).free).toBe(1);

    const inbox = await h.call('GET', '/trade/api/my?status=pending', B);
    expect(inbox.body.map((t: { id: number }) => t.id)).toContain(trade.id);

    const accepted = await h.call('POST', `/trade/api/${trade.id}/accept`, B);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(await quantity(A, 1)).toMatchObject({ quantity: 1, reserved: 0 });
    expect(await quantity(B, 1)).toMatchObject({ quantity: 1, reserved: 0 });
    expect(await quantity(B, 2)).toMatchObject({ quantity: 0, reserved: 0 });
    expect(await quantity(A, 2)).toMatchObject({ quantity: 1, reserved: 0 });

    // Accepting again changes nothing.
    const again = await h.call('POST', `/trade/api/${trade.id}/accept`, B);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This trade is already accepted');
    expect(await quantity(B, 1)).toMatchObject({ quantity: 1 });

    // Provenance of B's new copy: dropped to A, then traded A → B in this trade.
    const bEntry = (await h.entries()).find((e) => e.user_id === B && e.card_id === 1)!;
    const history = await h.inventoryCall(`/api/inventory/${bEntry.id}/history`, B);
    expect(history.status).toBe(200);
    expect(
      history.body.events.map(
        (e: {
          kind: string;
          fromUser: { id: number } | null;
          toUser: { id: number };
          tradeId: number | null;
        }) => [e.kind, e.fromUser?.id ?? null, e.toUser.id, e.tradeId],
      ),
    ).toEqual([
      ['drop', null, A, null],
      ['drop', null, A, null],
      ['trade', A, B, trade.id],
    ]);

    await waitFor(async () => (await h.outboxTypes()).includes('trade.accepted'), 'trade.accepted');
    const types = await h.outboxTypes();
    expect(types.filter((t) => t === 'trade.created')).toHaveLength(1);
    expect(types.filter((t) => t === 'trade.accepted')).toHaveLength(1);
    expect(types.filter((t) => t === 'audit.recorded').length).toBeGreaterThanOrEqual(2);
  });

  it('declines and cancels give the escrow back; only the right party may act', async () => {
    const aCard = await h.drop(A, 3);
    const make = async () =>
      tradeSchema.parse(
        (
          await h.call('POST', '/trade/api', A, {
            toUserId: B,
            fromItems: [{ inventoryId: aCard, quantity: 1 }],
          })
        ).body,
      );

    const t1 = await make();
    expect(await quantity(A, 3)).toMatchObject({ quantity: 1, reserved: 1 });
    // The sender cannot accept or decline; the recipient cannot cancel; a stranger nothing.
    const senderAccepts = await h.call('POST', `/trade/api/${t1.id}/accept`, A);
    expect([senderAccepts.status, senderAccepts.body.error]).toEqual([
      403,
      'Only the recipient can accept this trade',
    ]);
    const senderDeclines = await h.call('POST', `/trade/api/${t1.id}/decline`, A);
    expect([senderDeclines.status, senderDeclines.body.error]).toEqual([
      403,
      'Only the recipient can decline this trade',
    ]);
    const recipientCancels = await h.call('POST', `/trade/api/${t1.id}/cancel`, B);
    expect([recipientCancels.status, recipientCancels.body.error]).toEqual([
      403,
      'Only the sender can cancel this trade',
    ]);
    const stranger = await h.call('POST', `/trade/api/${t1.id}/accept`, C);
    expect([stranger.status, stranger.body.error]).toEqual([403, 'This trade is not yours']);
    expect(await quantity(A, 3)).toMatchObject({ quantity: 1, reserved: 1 });

    const declined = await h.call('POST', `/trade/api/${t1.id}/decline`, B);
    expect([declined.status, declined.body.status]).toEqual([200, 'declined']);
    expect(await quantity(A, 3)).toMatchObject({ quantity: 1, reserved: 0 });
    const late = await h.call('POST', `/trade/api/${t1.id}/cancel`, A);
    expect([late.status, late.body.error]).toEqual([409, 'This trade is already declined']);

    const t2 = await make();
    const cancelled = await h.call('POST', `/trade/api/${t2.id}/cancel`, A);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect(await quantity(A, 3)).toMatchObject({ quantity: 1, reserved: 0 });
    expect(
      (await h.call('GET', '/trade/api/my?status=cancelled', A)).body.map((t: { id: number }) => t.id),
    ).toContain(t2.id);
  });

  it("trades a request with nothing offered: the recipient's copy moves to the sender", async () => {
    const cCard = await h.drop(C, 3);
    const t = await h.call('POST', '/trade/api', A, {
      toUserId: C,
      toItems: [{ inventoryId: cCard, quantity: 1 }],
    });
    expect(t.status).toBe(201);
    expect(t.body.Items.map((i: { side: string }) => i.side)).toEqual(['to']);
    const before = await quantity(A, 3);
    expect((await h.call('POST', `/trade/api/${t.body.id}/accept`, C)).status).toBe(200);
    expect(await quantity(A, 3)).toMatchObject({ quantity: before.quantity + 1 });
    expect(await quantity(C, 3)).toMatchObject({ quantity: 0, reserved: 0 });
  });

  it('fails an accept whose requested copies are gone, moving nothing, and keeps the trade pending', async () => {
    const aCard = await h.drop(A, 4);
    const bCard = await h.drop(B, 5);
    const t = tradeSchema.parse(
      (
        await h.call('POST', '/trade/api', A, {
          toUserId: B,
          fromItems: [{ inventoryId: aCard, quantity: 1 }],
          toItems: [{ inventoryId: bCard, quantity: 1 }],
        })
      ).body,
    );
    // B gives the copy away in another trade first.
    const other = tradeSchema.parse(
      (
        await h.call('POST', '/trade/api', B, {
          toUserId: C,
          fromItems: [{ inventoryId: bCard, quantity: 1 }],
        })
      ).body,
    );
    expect((await h.call('POST', `/trade/api/${other.id}/accept`, C)).status).toBe(200);

    const res = await h.call('POST', `/trade/api/${t.id}/accept`, B);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`The recipient no longer holds inventory item ${bCard}`);
    expect(await quantity(A, 4)).toMatchObject({ quantity: 1, reserved: 1 });
    expect((await h.tradeRow(t.id)).status).toBe('pending');
  });
});

describe('bad requests are refused with a reason and change nothing', () => {
  let aCard: number;
  let bCard: number;
  let cCard: number;
  beforeAll(async () => {
    aCard = await h.drop(A, 5);
    bCard = await h.drop(B, 4);
    cCard = await h.drop(C, 1);
  });
  const create = (body: unknown, userId = A) => h.call('POST', '/trade/api', userId, body);
  const one = (inventoryId: number, quantity = 1) => [{ inventoryId, quantity }];

  it.each([
    ['no session', null, { toUserId: B, fromItems: [] }, 401, 'Authentication required'],
    [
      'yourself',
      A,
      { toUserId: A, fromItems: [{ inventoryId: 1, quantity: 1 }] },
      400,
      'You cannot trade with yourself',
    ],
    ['no items', A, { toUserId: B }, 400, 'A trade needs at least one item on either side'],
    ['no recipient', A, { fromItems: [{ inventoryId: 1 }] }, 400, undefined],
    ['recipient not a number', A, { toUserId: 'bob', fromItems: [{ inventoryId: 1 }] }, 400, undefined],
    [
      'a negative quantity',
      A,
      { toUserId: B, fromItems: [{ inventoryId: 1, quantity: -1 }] },
      400,
      undefined,
    ],
    ['a zero quantity', A, { toUserId: B, fromItems: [{ inventoryId: 1, quantity: 0 }] }, 400, undefined],
    ['a huge quantity', A, { toUserId: B, fromItems: [{ inventoryId: 1, quantity: 1e12 }] }, 400, undefined],
    [
      'a fractional quantity',
      A,
      { toUserId: B, fromItems: [{ inventoryId: 1, quantity: 1.5 }] },
      400,
      undefined,
    ],
    ['a huge inventory id', A, { toUserId: B, fromItems: [{ inventoryId: 2 ** 40 }] }, 400, undefined],
    [
      '200 items',
      A,
      {
        toUserId: B,
        fromItems: Array.from({ length: 200 }, (_, i) => ({ inventoryId: i + 1, quantity: 1 })),
      },
      400,
      undefined,
    ],
    [
      'an unknown recipient',
      A,
      { toUserId: 777, fromItems: [{ inventoryId: 1 }] },
      404,
      'Recipient 777 not found',
    ],
  ])('%s', async (_what, userId, body, status, error) => {
    const before = await h.entries();
    const res = await h.call('POST', '/trade/api', userId, body);
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    if (error) expect(res.body.error).toBe(error);
    expect(await h.entries()).toEqual(before);
  });

  // A recipient is an id: a number, or its digits as text (a form's value). Anything else is a
  // 400 naming the field, never read as some other user (true was user 1, [2] user 2).
  it.each([
    ['true', true],
    ['a list', [B]],
    ['an empty text', ''],
    ['blank text', ' '],
    ['null', null],
    ['a hexadecimal text', '0x2'],
    ['a text with spaces', ` ${B} `],
  ])('refuses a recipient given as %s, naming the field', async (_what, toUserId) => {
    const before = await h.entries();
    const res = await create({ toUserId, fromItems: [{ inventoryId: aCard, quantity: 1 }] });
    expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
    expect(res.body.details.issues.map((i: { path: string }) => i.path)).toEqual(['body/toUserId']);
    expect(await h.entries()).toEqual(before);
  });

  it('takes a recipient given as its digits', async () => {
    const res = await create({ toUserId: String(B), fromItems: [{ inventoryId: aCard, quantity: 1 }] });
    expect([res.status, res.body.to_user_id]).toEqual([201, B]);
    await h.call('POST', `/trade/api/${res.body.id}/cancel`, A);
  });

  it('refuses copies of the wrong side, reserved copies, unknown and duplicate items', async () => {
    const before = await h.entries();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ toUserId: B, fromItems: one(bCard) }, 403, `Inventory item ${bCard} is not yours`],
      [{ toUserId: B, toItems: one(cCard) }, 409, `Inventory item ${cCard} does not belong to the recipient`],
      [{ toUserId: B, fromItems: one(999_999) }, 404, 'Inventory item 999999 not found'],
      [{ toUserId: B, fromItems: one(aCard, 2) }, 409, /You have only 1 free copy of Character 5/],
      [{ toUserId: B, toItems: one(bCard, 5) }, 409, /The recipient has only 1 free copy/],
      [
        { toUserId: B, fromItems: [...one(aCard), ...one(aCard)] },
        400,
        `Inventory item ${aCard} is listed more than once`,
      ],
      [
        { toUserId: B, fromItems: one(aCard), toItems: one(aCard) },
        400,
        `Inventory item ${aCard} is listed more than once`,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await create(body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([
        status,
        expect.stringMatching(error),
      ]);
    }
    expect(await h.entries()).toEqual(before);

    // A reserved copy cannot be offered again.
    const t = await create({ toUserId: B, fromItems: one(aCard) });
    expect(t.status).toBe(201);
    const twice = await create({ toUserId: C, fromItems: one(aCard) });
    expect([twice.status, twice.body.error]).toEqual([
      409,
      expect.stringMatching(/You have only 0 free copies/),
    ]);
    await h.call('POST', `/trade/api/${t.body.id}/cancel`, A);
  });

  it('answers a Russian member in Russian, whether trades or inventory refused', async () => {
    const before = await h.entries();
    const ru = (body: unknown) => h.call('POST', '/trade/api', A, body, 0, 'ru');
    const cases: Array<[unknown, number, string]> = [
      [{ toUserId: A, fromItems: one(aCard) }, 400, 'Нельзя предложить обмен самому себе'],
      [{ toUserId: B }, 400, 'Добавьте в обмен хотя бы одну карточку'],
      [{ toUserId: 777, fromItems: one(aCard) }, 404, 'Получатель 777 не найден'],
      // From inventory, over the bus: its reason and values travel in the details.
      [{ toUserId: B, fromItems: one(bCard) }, 403, `Карточка ${bCard} вам не принадлежит`],
      [{ toUserId: B, fromItems: one(999_999) }, 404, 'Карточка 999999 не найдена в инвентаре'],
      [
        { toUserId: B, fromItems: one(aCard, 2) },
        409,
        `Свободных копий «Character 5» (карточка ${aCard}) у вас 1, а в обмене 2`,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await ru(body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    const unknown = await h.call('POST', '/trade/api/999999/accept', B, undefined, 0, 'ru');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Обмен 999999 не найден']);
    // A language without bundled texts reads English.
    const de = await h.call('POST', '/trade/api', A, { toUserId: A, fromItems: one(aCard) }, 0, 'de');
    expect(de.body.error).toBe('You cannot trade with yourself');
    expect(await h.entries()).toEqual(before);
  });

  it('refuses unknown actions, unknown trades and bad ids', async () => {
    expect((await h.call('POST', '/trade/api/1/steal', B)).status).toBe(400);
    const unknown = await h.call('POST', '/trade/api/999999/accept', B);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Trade 999999 not found']);
    expect((await h.call('POST', '/trade/api/abc/accept', B)).status).toBe(400);
    expect((await h.call('POST', '/trade/api/-4/accept', B)).status).toBe(400);
    expect((await h.call('GET', '/trade/api/my?status=lost', B)).status).toBe(400);
    expect((await h.call('GET', '/trade/api/my', null)).status).toBe(401);
  });
});

describe('admin monitoring and cleanup', () => {
  it('lists, counts and cleans up expired trades; members are refused', async () => {
    for (const path of ['/trade/api/admin/stats', '/trade/api/admin/all', `/admin/users/${A}/trades`])
      expect((await h.call('GET', path, A)).status).toBe(403);
    expect((await h.call('POST', '/trade/api/admin/cleanup', A)).status).toBe(403);

    const stats = tradeStatsSchema.parse(
      (await h.call('GET', '/trade/api/admin/stats', ADMIN, undefined, 3)).body,
    );
    expect(stats.total).toBeGreaterThanOrEqual(5);
    expect(stats.today).toBe(stats.total);
    expect(stats.byStatus.accepted).toBeGreaterThanOrEqual(2);
    expect(Object.values(stats.byStatus).reduce((a, b) => a + b, 0)).toBe(stats.total);

    const page = tradeListSchema.parse(
      (await h.call('GET', '/trade/api/admin/all?limit=2&offset=0', ADMIN, undefined, 3)).body,
    );
    expect(page.rows).toHaveLength(2);
    expect(page.count).toBe(stats.total);
    const accepted = tradeListSchema.parse(
      (await h.call('GET', '/trade/api/admin/all?limit=20&status=accepted', ADMIN, undefined, 3)).body,
    );
    expect(accepted.rows.every((t) => t.status === 'accepted')).toBe(true);
    expect(accepted.count).toBe(stats.byStatus.accepted);
    expect((await h.call('GET', '/trade/api/admin/all?limit=1000', ADMIN, undefined, 3)).status).toBe(400);

    const ofA = await h.call('GET', `/admin/users/${A}/trades`, ADMIN, undefined, 3);
    expect(ofA.status).toBe(200);
    expect(
      ofA.body.every(
        (t: { from_user_id: number; to_user_id: number }) => t.from_user_id === A || t.to_user_id === A,
      ),
    ).toBe(true);

    // An overdue trade: the cleanup expires it, gives its copy back and removes it.
    const aCard = await h.drop(A, 2);
    const t = await h.call('POST', '/trade/api', A, {
      toUserId: C,
      fromItems: [{ inventoryId: aCard, quantity: 1 }],
    });
    await h.tradesDb.pool.query(
      `update trades.trades set expires_at = now() - interval '1 minute' where id = $1`,
      [t.body.id],
    );
    const acceptLate = await h.call('POST', `/trade/api/${t.body.id}/accept`, C);
    expect([acceptLate.status, acceptLate.body.error]).toEqual([409, 'This trade has expired']);
    const cleanup = await h.call('POST', '/trade/api/admin/cleanup', ADMIN, undefined, 3);
    expect(cleanup.status).toBe(200);
    expect(cleanup.body).toEqual({ cleanedCount: 1 });
    expect(await h.tradeRow(t.body.id)).toBeUndefined();
    expect((await h.entries()).find((e) => e.id === aCard)).toMatchObject({ reserved: 0 });
    expect((await h.call('POST', '/trade/api/admin/cleanup', ADMIN, undefined, 3)).body).toEqual({
      cleanedCount: 0,
    });
  });
});

describe('the bot path and crash healing', () => {
  it('acts through trades.act as the clicking user, under the same rules', async () => {
    const aCard = await h.drop(A, 2);
    const t = await h.call('POST', '/trade/api', A, {
      toUserId: B,
      fromItems: [{ inventoryId: aCard, quantity: 1 }],
    });
    const refused = await h.bus
      .request(tradesAct, { tradeId: t.body.id, userId: C, action: 'accept' })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect([refused.status, refused.message]).toEqual([403, 'This trade is not yours']);
    const { trade } = await h.bus.request(tradesAct, { tradeId: t.body.id, userId: B, action: 'accept' });
    expect(trade).toMatchObject({ id: t.body.id, status: 'accepted', ToUser: { username: 'user2' } });
    expect(
      (await h.entries()).find((e) => e.user_id === B && e.card_id === 2)?.quantity,
    ).toBeGreaterThanOrEqual(1);
  });

  it('writes an audit event of category trades with the actor and address for each change', async () => {
    const { rows } = await h.tradesDb.pool.query<{
      data: { actorId: number | null; action: string; category: string; ip: string | null };
    }>(`select data from trades.outbox where type = $1 order by occurred_at`, [auditRecorded.type]);
    const actions = rows.map((r) => r.data.action);
    for (const action of [
      'trade.created',
      'trade.accepted',
      'trade.declined',
      'trade.cancelled',
      'trade.expired',
      'trade.cleanup',
    ])
      expect(actions).toContain(action);
    expect(rows.every((r) => r.data.category === 'trades')).toBe(true);
    const declined = rows.find((r) => r.data.action === 'trade.declined')!;
    expect(declined.data).toMatchObject({ actorId: B, ip: '127.0.0.1' });
    expect(rows.find((r) => r.data.action === 'trade.expired')!.data.actorId).toBeNull();
  });

  it('releases the escrow of a trade a crash left opening, and finishes one left accepting, on restart', async () => {
    const aCard = await h.drop(A, 4);
    await h.drop(A, 4);
    const bCard = await h.drop(B, 3);
    // A crash after inventory reserved the copy, before the trade became pending.
    const { rows } = await h.tradesDb.pool.query<{ id: number }>(
      `insert into trades.trades (from_user_id, to_user_id, status, expires_at, updated_at)
       values ($1, $2, 'opening', now() + interval '7 days', now() - interval '1 minute') returning id`,
      [A, B],
    );
    const opening = rows[0]!.id;
    const held = (await h.entries()).find((e) => e.id === aCard)!.reserved;
    await h.bus.request(inventoryTradeReserve, {
      tradeId: opening,
      fromUserId: A,
      toUserId: B,
      fromItems: [{ inventoryId: aCard, quantity: 1 }],
      toItems: [],
    });
    expect((await h.entries()).find((e) => e.id === aCard)?.reserved).toBe(held + 1);
    // A crash after the recipient's accept was recorded, before inventory moved anything.
    const t = await h.call('POST', '/trade/api', A, {
      toUserId: B,
      fromItems: [{ inventoryId: aCard, quantity: 1 }],
      toItems: [{ inventoryId: bCard, quantity: 1 }],
    });
    expect(t.status).toBe(201);
    await h.tradesDb.pool.query(
      `update trades.trades set status = 'accepting', updated_at = now() - interval '1 minute' where id = $1`,
      [t.body.id],
    );
    const before = (await h.entries()).find((e) => e.id === aCard)!.quantity;

    await h.stopTrades();
    await h.startTrades();
    await waitFor(async () => (await h.tradeRow(opening)).status === 'failed', 'the opening released');
    await waitFor(async () => (await h.tradeRow(t.body.id)).status === 'accepted', 'the accept finished');
    const entry = (await h.entries()).find((e) => e.id === aCard)!;
    expect(entry).toMatchObject({ quantity: before - 1, reserved: held });
    expect((await h.call('GET', '/trade/api/my', A)).body.map((x: { id: number }) => x.id)).not.toContain(
      opening,
    );
    // Restarting again changes nothing more.
    await h.stopTrades();
    await h.startTrades();
    // The startup sweep holds the sweep lock while it heals: taking the lock waits for it.
    await h.tradesDb.pool.query('select pg_advisory_lock(hashtext($1))', [SWEEP_LOCK]);
    await h.tradesDb.pool.query('select pg_advisory_unlock(hashtext($1))', [SWEEP_LOCK]);
    expect((await h.entries()).find((e) => e.id === aCard)).toMatchObject({
      quantity: before - 1,
      reserved: held,
    });
  });

  it('filters the picker and answers an unknown history with 404', async () => {
    const found = await h.inventoryCall(`/api/inventory/tradeable?user_id=${A}&q=character%205`, B);
    expect(found.status).toBe(200);
    expect(found.body.every((c: { characterName: string }) => c.characterName === 'Character 5')).toBe(true);
    expect((await h.inventoryCall('/api/inventory/999999/history', A)).status).toBe(404);
    expect((await h.inventoryCall('/api/inventory/tradeable?user_id=abc', A)).status).toBe(400);
  });
});
