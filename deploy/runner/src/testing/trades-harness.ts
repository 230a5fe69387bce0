import {
  type CardSummary,
  cardCreated,
  cardsGet,
  IDENTITY_HEADER,
  inventoryGrant,
  type PublicUser,
  usersGet,
} from '@acg/contracts';
import { serviceModule as inventoryModule } from '@acg/inventory';
import {
  connectBus,
  createLogger,
  createMemoryCache,
  type Database,
  type InspectableBus,
  makeEvent,
  openServiceDatabase,
  type RunningService,
  type Subscription,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { serviceModule as tradesModule } from '@acg/trades';

export const TEST_SECRET = 'trades-test-secret-0123456789abcdef';

export const asUser = (userId: number, adminLevel = 0, language = 'en'): Record<string, string> => ({
  [IDENTITY_HEADER]: signIdentity({ userId, adminLevel, language }, TEST_SECRET),
});
export const asAdmin = (userId: number) => asUser(userId, 3);

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const card = (id: number): CardSummary => ({
  id,
  characterId: 100 + id,
  characterName: `Character ${id}`,
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'S',
  rankTitle: 'Mythic',
  rankColor: '#f44336',
  rankImageUrl: null,
  rankOrder: 5,
  seasonId: null,
  limited: false,
  imageUrl: `https://img.test/${id}.png`,
  rarityScore: 0,
  version: `v${id}`,
});

/**
 * The trades service and the real inventory service, each on its own fresh database
 * (DATABASE_URL's server or embedded PostgreSQL), listening on loopback ports, on one bus: NATS
 * when NATS_URL is set (in a namespace of their own), else the in-process bus. Auth's user
 * look-up (auth.users.get) and catalogue's card look-up are served by stand-ins answering from
 * `users` and `cards`: auth and catalogue are third parties to this test.
 */
export async function startTradesHarness(opts: { env?: Record<string, string> } = {}) {
  const logger = createLogger('trades-test', (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent');
  const inventoryDb: TestDatabase = await createTestDatabase();
  const tradesDb: TestDatabase = await createTestDatabase();
  const namespace = `t${Math.random().toString(36).slice(2, 10)}`;
  const bus: InspectableBus = await connectBus({
    natsUrl: process.env.NATS_URL,
    name: 'trades-test',
    logger,
    namespace,
  });
  const users = new Map<number, PublicUser>();
  const cards = new Map<number, CardSummary>();
  const stand: Subscription[] = [
    bus.serve(usersGet, async ({ ids }) => ({ users: ids.flatMap((id) => users.get(id) ?? []) })),
    bus.serve(cardsGet, async ({ ids }) => ({ cards: ids.flatMap((id) => cards.get(id) ?? []) })),
  ];

  const inventoryDatabase: Database = await openServiceDatabase(
    inventoryModule.database!,
    inventoryDb.url,
    logger,
  );
  const inventory: RunningService = await inventoryModule
    .configure({ INTERNAL_SECRET: TEST_SECRET, PORT: '0', LOG_LEVEL: 'silent' })
    .start({
      logger,
      bus,
      cache: createMemoryCache(),
      database: inventoryDatabase,
      ownsInfra: false,
    });

  const tradesDatabaseHandle: Database = await openServiceDatabase(
    tradesModule.database!,
    tradesDb.url,
    logger,
  );
  const tradesService = tradesModule.configure({
    INTERNAL_SECRET: TEST_SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    TRADE_SWEEP_ENABLED: 'false',
    TRADE_RECOVERY_AFTER_SECONDS: '1',
    ...opts.env,
  });
  let trades: RunningService = await tradesService.start({
    logger,
    bus,
    cache: createMemoryCache(),
    database: tradesDatabaseHandle,
    ownsInfra: false,
  });

  const h = {
    bus,
    get url() {
      return trades.url;
    },
    inventoryUrl: inventory.url,
    inventoryDb: inventoryDatabase,
    tradesDb: tradesDatabaseHandle,
    users,
    /** Users auth knows. */
    addUsers(...ids: number[]) {
      for (const id of ids)
        users.set(id, {
          id,
          username: `user${id}`,
          discriminator: '0',
          discordId: `${9_000_000 + id}`,
          avatar: null,
        });
    },
    /** Cards catalogue announces; waits until inventory has their summaries. */
    async addCards(...ids: number[]) {
      for (const id of ids) {
        cards.set(id, card(id));
        await bus.publish(makeEvent(cardCreated, card(id)));
      }
      await waitFor(async () => {
        const { rows } = await inventoryDatabase.pool.query(
          'select count(*)::int as n from inventory.card_summaries where id = any($1)',
          [ids],
        );
        return rows[0].n === ids.length;
      }, 'card summaries');
    },
    /** A bot drop: one copy of `cardId` to `userId`; returns the entry id. */
    async drop(userId: number, cardId: number, key = `drop-${Math.random()}`) {
      const r = await bus.request(inventoryGrant, { userId, cardId, idempotencyKey: key, source: 'drop' });
      return r.entryId;
    },
    async call(
      method: string,
      path: string,
      userId: number | null,
      body?: unknown,
      adminLevel = 0,
      language = 'en',
    ) {
      const res = await fetch(`${trades.url}${path}`, {
        method,
        headers: {
          ...(userId === null ? {} : asUser(userId, adminLevel, language)),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async inventoryCall(path: string, userId: number) {
      const res = await fetch(`${inventory.url}${path}`, { headers: asUser(userId) });
      return { status: res.status, body: await res.json() };
    },
    /** Entries of inventory: (user, card) → quantity, reserved. */
    async entries() {
      const { rows } = await inventoryDatabase.pool.query<{
        id: number;
        user_id: number;
        card_id: number;
        quantity: number;
        reserved: number;
      }>('select id, user_id, card_id, quantity, reserved from inventory.entries order by id');
      return rows;
    },
    async tradeRow(id: number) {
      const { rows } = await tradesDatabaseHandle.pool.query('select * from trades.trades where id = $1', [
        id,
      ]);
      return rows[0];
    },
    async outboxTypes() {
      const { rows } = await tradesDatabaseHandle.pool.query<{ type: string }>(
        'select type from trades.outbox order by occurred_at, id',
      );
      return rows.map((r) => r.type);
    },
    /** Stops the trades service (not inventory), e.g. to restart it after a fault. */
    async stopTrades() {
      await trades.close();
    },
    async startTrades() {
      trades = await tradesService.start({
        logger,
        bus,
        cache: createMemoryCache(),
        database: tradesDatabaseHandle,
        ownsInfra: false,
      });
    },
    async close() {
      await trades.close().catch(() => {});
      await inventory.close();
      for (const s of stand) await s.stop();
      await bus.drain();
      await inventoryDatabase.close();
      await tradesDatabaseHandle.close();
      await inventoryDb.drop();
      await tradesDb.drop();
    },
  };
  return h;
}
export type TradesHarness = Awaited<ReturnType<typeof startTradesHarness>>;
