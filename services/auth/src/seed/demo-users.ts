import type { Database, Logger } from '@acg/platform';
import { seedUsers } from '../repository/sign-in';

/** A demo account as the runner passes it in (the fake Discord's accounts). */
export interface DemoAccount {
  discordId: string;
  username: string;
  avatar: string | null;
  email: string | null;
  /** The admin level the account gets when it is created. */
  intendedAdminLevel: number;
}

/**
 * Creates the demo accounts the runner passes in (the fake Discord's), so the demo and the tests
 * agree on who the fan and the admin are. Each new user is announced with user.created through
 * the outbox, which the relay publishes once auth starts. Returns how many were created.
 */
export async function seedDemoUsers(
  database: Database,
  accounts: readonly DemoAccount[],
  developerDiscordId: string | undefined,
  logger?: Logger,
): Promise<number> {
  const created = await seedUsers(
    database,
    accounts.map((a) => ({
      discordId: a.discordId,
      username: a.username,
      discriminator: '0',
      avatar: a.avatar,
      email: a.email,
      intendedAdminLevel: a.intendedAdminLevel,
    })),
    developerDiscordId,
  );
  if (created > 0) logger?.info({ created }, 'demo users seeded');
  return created;
}
