import {
  cardsSeries,
  collectorWishlistSchema,
  type EventEnvelope,
  inventoryGrant,
  inventoryGranted,
  tradeCreated,
  wishAlerted,
  wishlistSchema,
  wishStatsSchema,
} from '@acg/contracts';
import { createLogger, createMemoryBus, makeEvent } from '@acg/platform';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWishAlertConsumer, WISH_ALERTS_CONSUMER } from '../../consumers/wish-alerts';
import { processedMessages, wishAlerts } from '../../db/schema';
import {
  asAdmin,
  asUser,
  card,
  type InventoryHarness,
  startInventoryHarness,
  user,
  waitFor,
} from '../../test/harness';

const frieren = { en: 'Frieren', ru: 'Фрирен', ja: 'フリーレン' };
const FRIEREN = 500;
const FERN = 501;
const A = 60;
const B = 61;
const C = 62;

let h: InventoryHarness;
let keys = 0;
const drop = (userId: number, cardId: number) =>
  h.bus.request(inventoryGrant, { userId, cardId, idempotencyKey: `w-${++keys}`, source: 'drop' });

beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(
    card(1, {
      characterId: FRIEREN,
      characterName: 'Frieren',
      characterNames: frieren,
      imageUrl: 'https://img.test/f.png',
    }),
    card(2, { characterId: FRIEREN, characterName: 'Frieren', characterNames: frieren }),
    card(3, { characterId: FERN, characterName: 'Fern' }),
    // 25 more characters to fill a wishlist.
    ...Array.from({ length: 25 }, (_, i) =>
      card(10 + i, { characterId: 700 + i, characterName: `Extra ${i}` }),
    ),
  );
  await h.announceUsers(user(A, 'fan_a'), user(B, 'fan_b'), user(C, 'fan_c'));
  h.bus.serve(cardsSeries, async ({ ids }) => ({
    cards: ids.map((id) => ({
      id,
      series: 'Frieren: Beyond Journey’s End',
      seriesTitles: { en: 'Frieren: Beyond Journey’s End', ru: 'Провожающая в последний путь Фрирен' },
      seasonYear: null,
    })),
  }));
});
afterAll(() => h?.close());

const call = async (method: string, path: string, as: number, body?: unknown, language = 'en') => {
  const res = await h.fetch(path, {
    method,
    headers: {
      ...asUser(as, 0, language),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
};
const alertsFor = async (userId: number) =>
  (await h.outboxEvents(wishAlerted.type))
    .map((d) => wishAlerted.data.parse(d))
    .filter((a) => a.userId === userId);

describe('the wishlist', () => {
  it('adds a character once, lists it in the caller’s language with its anime, and removes it', async () => {
    expect(await call('PUT', `/api/wishlist/${FRIEREN}`, A)).toEqual({
      status: 200,
      body: { added: true, count: 1, limit: 25 },
    });
    expect((await call('PUT', `/api/wishlist/${FRIEREN}`, A)).body).toEqual({
      added: false,
      count: 1,
      limit: 25,
    });
    const list = wishlistSchema.parse((await call('GET', '/api/wishlist', A, undefined, 'ru')).body);
    expect(list).toMatchObject({ limit: 25, dm: true });
    expect(list.items).toEqual([
      {
        characterId: FRIEREN,
        name: 'Фрирен',
        imageUrl: 'https://img.test/f.png',
        animeTitle: 'Провожающая в последний путь Фрирен',
        addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        cardId: 1,
      },
    ]);
    expect(await call('PUT', `/api/wishlist/${FERN}`, A)).toMatchObject({ status: 200, body: { count: 2 } });
    expect((await call('DELETE', `/api/wishlist/${FERN}`, A)).body).toEqual({ removed: true });
    expect((await call('DELETE', `/api/wishlist/${FERN}`, A)).body).toEqual({ removed: false });
  });

  it('refuses an unknown character (404) and a 26th wish (409) in the caller’s language', async () => {
    const unknown = await call('PUT', '/api/wishlist/99999', C, undefined, 'ru');
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Персонаж 99999 не найден' } });
    expect((await call('PUT', '/api/wishlist/0', C)).status).toBe(400);
    for (let i = 0; i < 25; i++) expect((await call('PUT', `/api/wishlist/${700 + i}`, C)).status).toBe(200);
    const full = await call('PUT', `/api/wishlist/${FRIEREN}`, C, undefined, 'ru');
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(
      'Список желаний полон: не больше 25 персонажей. Уберите одного, чтобы добавить другого.',
    );
    expect((await call('PUT', `/api/wishlist/${FRIEREN}`, C)).body.error).toBe(
      'Your wishlist is full: at most 25 characters. Remove one to add another.',
    );
    expect(wishlistSchema.parse((await call('GET', '/api/wishlist', C)).body).items).toHaveLength(25);
    for (let i = 0; i < 25; i++) await call('DELETE', `/api/wishlist/${700 + i}`, C);
  });

  it('shows a collector’s wishlist to others unless the collection is hidden', async () => {
    const seen = collectorWishlistSchema.parse((await call('GET', `/api/collectors/${A}/wishlist`, B)).body);
    expect(seen.items.map((i) => i.name)).toEqual(['Frieren']);
    await call('PUT', '/api/inventory/visibility', A, { hidden: true });
    expect((await call('GET', `/api/collectors/${A}/wishlist`, B)).body).toEqual({ items: [] });
    expect((await call('GET', `/api/collectors/${A}/wishlist`, A)).body.items).toHaveLength(1);
    await call('PUT', '/api/inventory/visibility', A, { hidden: false });
    expect((await call('GET', '/api/collectors/4242/wishlist', B)).status).toBe(404);
  });
});

describe('wish alerts', () => {
  it('alerts a wishing fan once when another fan drops the character, a DM at most hourly', async () => {
    await drop(B, 1);
    await waitFor(async () => (await alertsFor(A)).length === 1, 'the first alert');
    expect(await alertsFor(A)).toEqual([
      expect.objectContaining({
        characterId: FRIEREN,
        cardId: 1,
        reason: 'drop',
        dm: true,
        characterName: 'Frieren',
      }),
    ]);
    // A's own drop alerts nobody; a second drop by B within the hour alerts without a DM.
    await drop(A, 2);
    await drop(B, 2);
    await waitFor(async () => (await alertsFor(A)).length === 2, 'the second alert');
    expect((await alertsFor(A)).map((a) => [a.cardId, a.dm])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await alertsFor(B)).toEqual([]);
  });

  it('sends no DMs to a fan who muted them', async () => {
    await call('PUT', `/api/wishlist/${FERN}`, C);
    expect((await call('PUT', '/api/wishlist/settings', C, { dm: false })).body).toEqual({ dm: false });
    expect((await call('GET', '/api/wishlist', C)).body.dm).toBe(false);
    await drop(B, 3);
    await waitFor(async () => (await alertsFor(C)).length === 1, 'the muted alert');
    expect((await alertsFor(C))[0]).toMatchObject({ characterId: FERN, dm: false });
  });

  it('alerts the recipient of a trade offering a wished character once, however many copies', async () => {
    const offer = makeEvent(tradeCreated, {
      id: 77,
      fromUserId: B,
      toUserId: A,
      items: [
        { side: 'from', quantity: 1, inventoryId: 1, cardId: 1 },
        { side: 'from', quantity: 2, inventoryId: 2, cardId: 2 },
        { side: 'to', quantity: 1, inventoryId: 3, cardId: 3 },
      ],
      expiresAt: new Date().toISOString(),
    });
    await h.bus.publish(offer);
    await waitFor(async () => (await alertsFor(A)).some((a) => a.reason === 'trade'), 'the trade alert');
    const trade = (await alertsFor(A)).filter((a) => a.reason === 'trade');
    expect(trade).toEqual([expect.objectContaining({ tradeId: 77, characterId: FRIEREN, cardId: 1 })]);
    // Fern is on C's list but only on A's side of the trade: nobody is alerted about it.
    expect((await alertsFor(C)).filter((a) => a.reason === 'trade')).toEqual([]);
  });

  it('records an alert once when its drop event is delivered again', async () => {
    // A bus without a duplicate window delivers the same envelope every time it is published,
    // as a redelivery after a lost ack does.
    const logger = createLogger('wish-redelivery', 'silent');
    const bus = createMemoryBus({ logger, duplicateWindowMs: 0 });
    const sub = await startWishAlertConsumer(bus, h.database, { kick: () => {} });
    const event: EventEnvelope = makeEvent(inventoryGranted, {
      userId: B,
      cardId: 1,
      entryId: 1,
      quantity: 1,
      source: 'drop',
    });
    const rows = () =>
      h.database.db
        .select({ id: wishAlerts.id })
        .from(wishAlerts)
        .where(and(eq(wishAlerts.sourceEventId, event.id), eq(wishAlerts.userId, A)));
    await bus.publish(event);
    await waitFor(async () => (await rows()).length === 1, 'the alert');
    await bus.publish(event);
    // Past the processed-message record too: the unique index still keeps it to one alert.
    await waitFor(async () => {
      const seen = await h.database.db
        .select()
        .from(processedMessages)
        .where(
          and(
            eq(processedMessages.consumer, WISH_ALERTS_CONSUMER),
            eq(processedMessages.messageId, event.id),
          ),
        );
      return seen.length === 1;
    }, 'the processed record');
    await h.database.db.delete(processedMessages).where(eq(processedMessages.messageId, event.id));
    await bus.publish(event);
    await waitFor(async () => {
      const seen = await h.database.db
        .select()
        .from(processedMessages)
        .where(eq(processedMessages.messageId, event.id));
      return seen.length === 1;
    }, 'the third delivery handled');
    expect(await rows()).toHaveLength(1);
    await sub.stop();
    await bus.drain();
  });
});

describe('GET /admin/rarity/wishes', () => {
  it('lists the most wished characters with their likes and demand, for admins only', async () => {
    await call('PUT', `/api/wishlist/${FRIEREN}`, B);
    await call('POST', '/api/cards/1/like', C);
    expect((await call('GET', '/admin/rarity/wishes', A)).status).toBe(403);
    const res = await h.fetch('/admin/rarity/wishes', { headers: asAdmin(1) });
    const stats = wishStatsSchema.parse(await res.json());
    expect(stats.wishWeight).toBe(3);
    expect(stats.top[0]).toEqual({ characterId: FRIEREN, name: 'Frieren', wishes: 2, likes: 1, demand: 7 });
    expect(stats.top.map((t) => t.characterId)).toEqual([FRIEREN, FERN]);
    expect(stats).toMatchObject({ totalWishes: 3, fans: 3 });
  });
});
