import { type CardSummary, cardCreated, userCreated } from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  createTestDatabase,
  type Database,
  makeEvent,
  type RunningService,
  signIdentity,
  type TestDatabase,
} from '@acg/platform';
import { inventoryConfigSchema } from './config';
import { openInventoryDatabase, start } from './start';

export const SECRET = 't'.repeat(32);

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

export const identity = (userId: number) => ({
  'x-acg-identity': signIdentity({ userId, adminLevel: 0, language: 'en' }, SECRET),
});
export const adminIdentity = (userId: number) => ({
  'x-acg-identity': signIdentity({ userId, adminLevel: 3, language: 'en' }, SECRET),
});

/** Inventory on a fresh database with the memory bus; events published as other services would. */
export async function startInventory() {
  const testDb: TestDatabase = await createTestDatabase();
  const logger = createLogger('inventory-test', 'silent');
  const database: Database = await openInventoryDatabase(testDb.url, logger);
  const bus = createMemoryBus();
  const config = inventoryConfigSchema.parse({ INTERNAL_SECRET: SECRET, PORT: '0' });
  const service: RunningService = await start({ config, logger, bus, cache: createMemoryCache(), database });
  return {
    service,
    bus,
    database,
    async announceCards(...cards: CardSummary[]) {
      for (const c of cards) await bus.publish(makeEvent(cardCreated, c));
    },
    async announceUser(id: number, username: string) {
      await bus.publish(
        makeEvent(userCreated, {
          id,
          username,
          discriminator: '0',
          discordId: `10000000000000${id}`,
          avatar: null,
          adminLevel: 0,
        }),
      );
    },
    async close() {
      await service.close();
      await bus.drain();
      await database.close();
      await testDb.drop();
    },
  };
}

export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
