import {
  type RunningService,
  requireDatabase,
  type ServiceDeps,
  startOutboxRelay,
  startService,
} from '@acg/platform';
import fastifyCookie from '@fastify/cookie';
import type { AuthConfig } from './config';
import type { AuthContext } from './context';
import { outbox } from './db/schema';
import { createDiscordSignIn } from './discord/discord-sign-in';
import { loginCookie, sessionCookie } from './domain/cookies';
import { addedLanguagesFrom } from './domain/language';
import { adminUsersRoutes } from './routes/admin-users/admin-users';
import { discordRoutes } from './routes/discord/discord';
import { languageRoutes } from './routes/language/language';
import { logoutRoutes } from './routes/logout/logout';
import { meRoutes } from './routes/me/me';
import { serveRpc } from './routes/rpc/rpc';
import { shikimoriRoutes } from './routes/shikimori/shikimori';
import { usersRoutes } from './routes/users/users';
import { createSessionStore } from './sessions/create-session-store';
import { createShikimoriLink } from './shikimori/shikimori-link';

/**
 * Starts the auth service on the infrastructure it is given; `deps.database` is auth's own
 * schema, migrated (openServiceDatabase with authDatabase). Sessions live in the cache when
 * it is Redis, else in PostgreSQL.
 */
export async function start(deps: ServiceDeps<AuthConfig>): Promise<RunningService> {
  const { config, logger, bus } = deps;
  const database = requireDatabase('auth', deps);

  const sessions = createSessionStore(config, database, deps.cache);
  const relay = startOutboxRelay({ database, table: outbox, bus, logger });

  const ctx: AuthContext = {
    config,
    database,
    sessions,
    relay,
    discord: createDiscordSignIn({
      baseUrl: config.DISCORD_BASE_URL,
      clientId: config.DISCORD_CLIENT_ID,
      clientSecret: config.DISCORD_CLIENT_SECRET,
      redirectUri: `${config.PUBLIC_URL}/auth/discord/callback`,
    }),
    addedLanguages: addedLanguagesFrom(bus),
    ...(config.SHIKIMORI_CLIENT_ID && config.SHIKIMORI_CLIENT_SECRET
      ? {
          shikimori: createShikimoriLink({
            baseUrl: config.SHIKIMORI_BASE_URL,
            clientId: config.SHIKIMORI_CLIENT_ID,
            clientSecret: config.SHIKIMORI_CLIENT_SECRET,
            redirectUri: `${config.PUBLIC_URL}/auth/shikimori/callback`,
            userAgent: config.SHIKIMORI_USER_AGENT,
          }),
        }
      : {}),
    cookies: {
      session: sessionCookie(config.COOKIE_SECURE, config.SESSION_TTL_DAYS),
      login: loginCookie(config.COOKIE_SECURE),
    },
  };

  return startService('auth', { ...deps, database }, async (app) => {
    await app.register(fastifyCookie);
    discordRoutes(app, ctx);
    shikimoriRoutes(app, ctx);
    logoutRoutes(app, ctx);
    await languageRoutes(app, ctx);
    usersRoutes(app, ctx);
    adminUsersRoutes(app, ctx);
    meRoutes(app, ctx);
    const subscriptions = serveRpc(bus, ctx);
    // Stopped in reverse order: subscriptions, relay, then the session store.
    return [() => sessions.close(), () => relay.stop(), ...subscriptions.map((s) => () => s.stop())];
  });
}
