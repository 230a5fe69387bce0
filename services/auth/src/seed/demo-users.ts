import type { Database, Logger } from '@acg/platform';
import { seedUsers } from '../repository/sign-in';

/**
 * Creates the fake Discord's demo accounts (embedded mode, SEED_DEMO_USERS=true), so the demo
 * and the tests agree on who the fan and the admin are. @acg/fakes is loaded only here: a
 * production process, which never seeds, does not need it installed.
 */
export async function seedDemoUsers(
  database: Database,
  developerDiscordId: string | undefined,
  logger: Logger,
): Promise<number> {
  const { demoAccounts } = await import('@acg/fakes');
  const created = await seedUsers(
    database,
    demoAccounts.map((a) => ({
      discordId: a.discordId,
      username: a.username,
      discriminator: '0',
      avatar: a.avatar,
      email: a.email,
      intendedAdminLevel: a.intendedAdminLevel,
    })),
    developerDiscordId,
  );
  if (created > 0) logger.info({ created }, 'demo users seeded');
  return created;
}
