import {
  type CardSummary,
  cardCreated,
  cardsGet,
  IDENTITY_HEADER,
  type PublicUser,
  userCreated,
} from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  type Database,
  type InspectableBus,
  makeEvent,
  openServiceDatabase,
  type RunningService,
  type Subscription,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { eq, inArray } from 'drizzle-orm';
import { inventoryConfigSchema } from '../config';
import { cardSummaries, outbox, userSummaries } from '../db/schema';
import { inventoryDatabase, start } from '../start';

export const TEST_SECRET = 'inventory-test-secret-0123456789abcdef';

/** A card summary as catalogue would announce it. */
export const card = (id: number, over: Partial<CardSummary> = {}): CardSummary => ({
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
  imageUrl: null,
  rarityScore: 0,
  version: `v${id}`,
  ...over,
});

/** A user as auth would announce it. */
export const user = (id: number, username: string, over: Partial<PublicUser> = {}) => ({
  id,
  username,
  discriminator: '0',
  discordId: `${100_000_000_000_000 + id}`,
  avatar: null,
  adminLevel: 0,
  ...over,
});

/** The signed identity header the gateway would add. */
export const asUser = (userId: number, adminLevel = 0, language = 'en'): Record<string, string> => ({
  [IDENTITY_HEADER]: signIdentity({ userId, adminLevel, language }, TEST_SECRET),
});
export const asAdmin = (userId: number) => asUser(userId, 3);

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Inventory on a fresh database (DATABASE_URL's server or embedded PostgreSQL), listening on a
 * loopback port, with the in-process bus. Catalogue's card look-up is served by a stand-in that
 * answers from `catalogue` (a map the test fills), and can be taken down. The bus is always the
 * in-process one: on a shared NATS server, another process serving inventory.grant would share
 * our requests (the NATS path of the consumers has its own test).
 */
export async function startInventoryHarness() {
  const logger = createLogger('inventory-test', 'silent');
  const testDb = await createTestDatabase();
  const database: Database = await openServiceDatabase(inventoryDatabase, testDb.url, logger);
  const bus: InspectableBus = createMemoryBus({ logger });
  const catalogue = new Map<number, CardSummary>();
  let catalogueServing: Subscription | null = null;
  const catalogueUp = () => {
    catalogueServing ??= bus.serve(cardsGet, async ({ ids }) => ({
      cards: ids.flatMap((id) => catalogue.get(id) ?? []),
    }));
  };
  catalogueUp();
  const config = inventoryConfigSchema.parse({
    INTERNAL_SECRET: TEST_SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    CATALOGUE_TIMEOUT_MS: '300',
  });
  const service: RunningService = await start({
    config,
    logger,
    bus,
    cache: createMemoryCache(),
    database,
    ownsInfra: false,
  });
  const { db } = database;

  return {
    service,
    url: service.url,
    bus,
    database,
    catalogue,
    catalogueUp,
    async catalogueDown() {
      await catalogueServing?.stop();
      catalogueServing = null;
    },
    /** GET/POST through real HTTP. */
    fetch(path: string, init: RequestInit = {}) {
      return fetch(`${service.url}${path}`, init);
    },
    /** Publishes card.created events (catalogue learns them too) and waits until all are applied. */
    async announceCards(...cards: CardSummary[]) {
      for (const c of cards) {
        catalogue.set(c.id, c);
        await bus.publish(makeEvent(cardCreated, c));
      }
      const ids = cards.map((c) => c.id);
      await waitFor(
        async () => {
          const rows = await db
            .select({ id: cardSummaries.id })
            .from(cardSummaries)
            .where(inArray(cardSummaries.id, ids));
          return rows.length === ids.length;
        },
        `card summaries ${ids.join(', ')}`,
      );
    },
    async announceUsers(...users: ReturnType<typeof user>[]) {
      for (const u of users) await bus.publish(makeEvent(userCreated, u));
      const ids = users.map((u) => u.id);
      await waitFor(
        async () => {
          const rows = await db
            .select({ id: userSummaries.id })
            .from(userSummaries)
            .where(inArray(userSummaries.id, ids));
          return rows.length === ids.length;
        },
        `user summaries ${ids.join(', ')}`,
      );
    },
    /** Events inventory wrote to its outbox, oldest first. */
    async outboxEvents(type: string) {
      const rows = await db
        .select({ data: outbox.data })
        .from(outbox)
        .where(eq(outbox.type, type))
        .orderBy(outbox.occurredAt);
      return rows.map((r) => r.data);
    },
    async close() {
      await service.close();
      await catalogueServing?.stop();
      await bus.drain();
      await database.close();
      await testDb.drop();
    },
  };
}
export type InventoryHarness = Awaited<ReturnType<typeof startInventoryHarness>>;
