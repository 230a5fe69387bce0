import * as auth from '@acg/auth';
import { seedLargeUsers } from '@acg/auth/seed';
import * as catalogue from '@acg/catalogue';
import { seedLargeCatalogue } from '@acg/catalogue/seed';
import * as inventory from '@acg/inventory';
import { seedLargeInventory } from '@acg/inventory/seed';
import { type Logger, openServiceDatabase } from '@acg/platform';

/**
 * The benchmarks' large seed in one database (each service's own schema): 5,000 users, 20,000
 * characters with 3 cards each, and inventories with likes (`entriesPerUser` copies a user, the
 * inventory seed's default otherwise). `vacuum` gives the fresh inventory rows their statistics
 * and visibility map, so a query timed right after does not pay for them.
 */
export async function seedLarge(
  url: string,
  logger: Logger,
  opts: { entriesPerUser?: number; vacuum?: boolean } = {},
) {
  const authDb = await openServiceDatabase(auth.database, url, logger);
  const users = await seedLargeUsers(authDb, 5000);
  await authDb.close();
  const catalogueDb = await openServiceDatabase(catalogue.database, url, logger);
  const cards = await seedLargeCatalogue(catalogueDb, { characters: 20_000, cardsPerCharacter: 3 });
  await catalogueDb.close();
  const inventoryDb = await openServiceDatabase(inventory.database, url, logger);
  const seeded = await seedLargeInventory(inventoryDb, {
    users,
    cards,
    ...(opts.entriesPerUser === undefined ? {} : { entriesPerUser: opts.entriesPerUser }),
  });
  if (opts.vacuum) await inventoryDb.pool.query('vacuum analyze inventory.entries, inventory.likes');
  await inventoryDb.close();
  return { users, cards, seeded };
}
