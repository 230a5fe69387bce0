import { seedDemoUsers } from '@acg/auth/seed';
import { seedDemoCatalogue } from '@acg/catalogue/seed';
import { builtServices, type ServiceName } from '@acg/contracts';
import { demoAccounts } from '@acg/fakes';
import {
  type Cache,
  connectSystemCache,
  type Database,
  env as envVar,
  type Logger,
  openServiceDatabase,
} from '@acg/platform';
import { z } from 'zod';
import { serviceModules } from './services';

/** What a service's demo seed writes with: its own migrated schema and its scoped cache. */
export interface SeedContext {
  database: Database;
  cache: Cache;
  logger: Logger;
  env: Record<string, string | undefined>;
}

/** The runners' seed settings; both on by default (the demo and the system tests need them). */
const seedConfigSchema = z.object({
  SEED_DEMO_USERS: envVar.bool(true),
  SEED_DEMO_CATALOGUE: envVar.bool(true),
  DEVELOPER_DISCORD_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Where the first demo characters' art is (`{base}/{n}.jpg`); the runners name the fake Shikimori's. */
  DEMO_ART_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
});

/**
 * Demo data per service, written after the service's schema is migrated and before the service
 * starts; each seed announces its rows through the service's outbox, published by its relay once
 * it runs. Production services never seed: only the runners call these.
 */
export const demoSeeds: Partial<Record<ServiceName, (ctx: SeedContext) => Promise<void>>> = {
  async auth({ database, logger, env }) {
    const config = seedConfigSchema.parse(env);
    // The fake Discord's accounts, so the demo and the tests agree on who the fan and admin are.
    if (config.SEED_DEMO_USERS)
      await seedDemoUsers(database, demoAccounts, config.DEVELOPER_DISCORD_ID, logger);
  },
  async catalogue({ database, cache, logger, env }) {
    const config = seedConfigSchema.parse(env);
    if (config.SEED_DEMO_CATALOGUE)
      await seedDemoCatalogue(database, { cache, logger, artBaseUrl: config.DEMO_ART_BASE_URL });
  },
};

/**
 * The distributed runner's seed step, run once before the service processes start: opens each
 * seeded service's schema the way the service will (migrating it), seeds it, and closes it.
 */
export async function seedDemoData(env: Record<string, string | undefined>, logger: Logger): Promise<void> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('the demo seed needs DATABASE_URL');
  const cache = await connectSystemCache(
    { REDIS_URL: env.REDIS_URL, BUS_NAMESPACE: env.BUS_NAMESPACE },
    logger,
  );
  try {
    for (const spec of builtServices()) {
      const seed = demoSeeds[spec.name];
      const databaseSpec = serviceModules[spec.name]?.database;
      if (!seed || !databaseSpec) continue;
      const database = await openServiceDatabase(databaseSpec, databaseUrl, logger);
      try {
        await seed({ database, cache: cache.prefixed(spec.name), logger, env });
      } finally {
        await database.close();
      }
    }
  } finally {
    await cache.close();
  }
}
