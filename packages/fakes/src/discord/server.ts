import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { demoAccounts, type FakeDiscordAccount } from './accounts';
import { registerApplications } from './applications';
import { registerCdn } from './cdn';
import type { FakeChannels } from './channels';
import { registerChannels } from './channels-api';
import { registerDemoChat } from './demo-chat';
import { FakeInteractions } from './interactions';
import { registerAuthorize } from './oauth';
import { registerToken } from './oauth-token';
import { demoClient, type FakeDiscordClient, FakeDiscordStore } from './store';
import { registerUsers } from './users';
import { registerWebhooks } from './webhooks';

export interface FakeDiscordOptions {
  port?: number;
  host?: string;
  accounts?: readonly FakeDiscordAccount[];
  /** Registered OAuth2 applications; defaults to `demoClient`. */
  clients?: readonly FakeDiscordClient[];
  /**
   * Where signed interactions are delivered (the bot's public /interactions URL). Often known
   * only later: then set `fake.interactions.interactionsUrl`.
   */
  interactionsUrl?: string;
}

export interface FakeDiscord {
  /**
   * Base URL standing in for https://discord.com (no trailing slash), and for Discord's CDN
   * (https://cdn.discordapp.com: avatars and default avatars, see cdn.ts).
   */
  url: string;
  accounts: readonly FakeDiscordAccount[];
  clients: readonly FakeDiscordClient[];
  /**
   * The application's interactions: `publicKeyHex` (the bot's DISCORD_PUBLIC_KEY),
   * `applicationId`, `interactionsUrl` (settable), `send()` for signed deliveries, and the
   * `messages` and `commands` the bot sent back.
   */
  interactions: FakeInteractions;
  /**
   * Guild and DM channels and every message the bot posted in them (`posted()`, `dmsTo()`,
   * `waitFor()`), with the `rateLimit` and `closedDms` switches. Same as `interactions.channels`.
   */
  channels: FakeChannels;
  close(): Promise<void>;
}

/**
 * A real HTTP server imitating the parts of Discord we use, at Discord's own paths, so only
 * the base URL differs from production. Each area registers its routes from its own file;
 * REST API routes are served under both /api and /api/v10, as Discord does.
 */
export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const accounts = opts.accounts ?? demoAccounts;
  const clients = opts.clients ?? [demoClient];
  const store = new FakeDiscordStore(clients, accounts);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);
  // For process supervisors (the distributed runner waits for it); Discord has no such path.
  app.get('/healthz', async () => ({ status: 'ok', service: 'fake-discord' }));
  registerAuthorize(app, store);
  const interactions = new FakeInteractions(opts.interactionsUrl, accounts);
  registerDemoChat(app, accounts, interactions);
  // Discord's CDN (cdn.discordapp.com) lives on the same fake server, at the CDN's paths.
  registerCdn(app, accounts);
  for (const prefix of ['/api', '/api/v10']) {
    await app.register(
      async (api) => {
        registerToken(api, store);
        registerUsers(api, store);
        registerApplications(api, interactions);
        registerWebhooks(api, interactions);
        registerChannels(api, interactions.channels);
      },
      { prefix },
    );
  }
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  return {
    url: address,
    accounts,
    clients,
    interactions,
    channels: interactions.channels,
    close: () => app.close(),
  };
}
