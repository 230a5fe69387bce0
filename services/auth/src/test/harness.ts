import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADER, type Identity } from '@acg/contracts';
import {
  demoAccounts,
  demoClient,
  type FakeDiscord,
  type FakeDiscordAccount,
  startFakeDiscord,
} from '@acg/fakes';
import {
  type Bus,
  connectBus,
  connectCache,
  createLogger,
  createMemoryBus,
  type Database,
  loadConfig,
  openServiceDatabase,
  type RunningService,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type AuthConfig, authConfigSchema } from '../config';
import { authDatabase } from '../db/database';
import { outbox } from '../db/schema';
import { seedDemoUsers } from '../seed/demo-users';
import { createSessionStore } from '../sessions/create-session-store';
import type { SessionStore } from '../sessions/session-store';
import { start } from '../start';

/**
 * The auth service on a fresh test database, with the fake Discord on loopback, as the tests
 * drive it: through HTTP (app.inject, as the gateway would forward requests) and the bus.
 * The cache is Redis when REDIS_URL is set (under a prefix of this harness), and then holds the
 * sessions (else PostgreSQL does); the bus is NATS only when asked for and NATS_URL
 * is set (a shared NATS would let parallel test files answer each other's requests).
 */
export interface AuthHarness {
  service: RunningService;
  config: AuthConfig;
  discord: FakeDiscord;
  accounts: FakeDiscordAccount[];
  database: Database;
  bus: Bus;
  /** A second handle on the store the service uses (same Redis or tables), for test set-up. */
  sessionStore(): SessionStore;
  /** The signed identity header the gateway would add. */
  identity(identity: Partial<Identity> & { userId: number | null }): Record<string, string>;
  inject: RunningService['app']['inject'];
  /** Runs the whole browser round trip of a Discord sign-in; returns the new session id. */
  signIn(account: FakeDiscordAccount, opts?: { sessionId?: string }): Promise<SignInResult>;
  outboxEvents(type: string): Promise<Array<{ type: string; data: unknown }>>;
  close(): Promise<void>;
}

export interface SignInResult {
  sessionId: string | undefined;
  callback: LightMyRequestResponse;
}

export const TEST_SECRET = 'test-internal-secret-0123456789abcdef';

export async function startAuthHarness(
  opts: {
    env?: Record<string, string>;
    realBus?: boolean;
    accounts?: FakeDiscordAccount[];
    /** Seed the fake Discord's demo accounts before start, as the runners do. */
    seedDemoUsers?: boolean;
  } = {},
): Promise<AuthHarness> {
  const accounts = opts.accounts ?? demoAccounts.map((a) => ({ ...a }));
  const logger = createLogger('auth', 'silent');
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  };
  try {
    const testDb: TestDatabase = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const discord = await startFakeDiscord({ accounts });
    cleanups.push(() => discord.close());
    const redisUrl = process.env.REDIS_URL;
    const config = loadConfig(authConfigSchema, {
      INTERNAL_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: testDb.url,
      REDIS_URL: redisUrl,
      DISCORD_CLIENT_ID: demoClient.clientId,
      DISCORD_CLIENT_SECRET: demoClient.clientSecret,
      DISCORD_BASE_URL: discord.url,
      ...opts.env,
    });
    const useNats = opts.realBus && process.env.NATS_URL;
    const bus = useNats
      ? await connectBus({ natsUrl: process.env.NATS_URL, name: 'auth-test', logger })
      : createMemoryBus({ logger });
    cleanups.push(() => bus.drain());
    const cache = await connectCache({
      redisUrl: config.REDIS_URL,
      prefix: `acgtest-auth-${randomBytes(6).toString('hex')}`,
      logger,
    });
    cleanups.push(async () => {
      await cache.clear({ resetStats: true });
      await cache.close();
    });
    const database = await openServiceDatabase(authDatabase, testDb.url, logger);
    cleanups.push(() => database.close());
    if (opts.seedDemoUsers) await seedDemoUsers(database, demoAccounts, config.DEVELOPER_DISCORD_ID, logger);
    const service = await start({ config, logger, bus, cache, database, ownsInfra: false });
    cleanups.push(() => service.close());
    const stores: SessionStore[] = [];
    cleanups.push(async () => {
      for (const s of stores) await s.close();
    });

    const inject = service.app.inject.bind(service.app) as RunningService['app']['inject'];
    const harness: AuthHarness = {
      service,
      config,
      discord,
      accounts,
      database,
      bus,
      inject,
      sessionStore() {
        const store = createSessionStore(config, database, cache);
        stores.push(store);
        return store;
      },
      identity: (id) => ({
        [IDENTITY_HEADER]: signIdentity({ adminLevel: 0, language: 'en', ...id }, TEST_SECRET),
      }),
      signIn: (account, signInOpts) => signIn(harness, account, signInOpts?.sessionId),
      async outboxEvents(type) {
        return database.db
          .select({ type: outbox.type, data: outbox.data })
          .from(outbox)
          .where(eq(outbox.type, type))
          .orderBy(outbox.occurredAt);
      },
      close: cleanup,
    };
    return harness;
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export const cookieValue = (res: LightMyRequestResponse, name: string): string | undefined =>
  res.cookies.find((c) => c.name === name)?.value;

/** Starts a sign-in at auth; returns the Discord URL the browser is sent to and the sign-in cookie. */
export async function beginSignIn(h: AuthHarness, sessionId?: string, query: Record<string, string> = {}) {
  const res = await h.inject({
    method: 'GET',
    url: '/auth/discord',
    query,
    cookies: sessionId ? { sid: sessionId } : {},
  });
  return { res, location: new URL(res.headers.location as string), loginId: cookieValue(res, 'acg-login') };
}

/** Plays the visitor on Discord's consent screen: picks the account (or cancels) and follows the redirect. */
export async function consentOnDiscord(
  authorizeUrl: URL,
  account: FakeDiscordAccount,
  /** `{ decision: 'deny' }` presses Cancel instead of the account's button. */
  choice: { decision?: 'deny' } = {},
): Promise<URL> {
  const form = new URLSearchParams(authorizeUrl.searchParams);
  if (choice.decision) form.set('decision', choice.decision);
  else form.set('account', account.discordId);
  const res = await fetch(new URL('/oauth2/authorize', authorizeUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`fake Discord answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!);
}

/** The browser arriving back at the callback (through the gateway, which forwards path and query). */
export function callback(h: AuthHarness, back: URL, cookies: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(cookies).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return h.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: present });
}

async function signIn(
  h: AuthHarness,
  account: FakeDiscordAccount,
  sessionId?: string,
): Promise<SignInResult> {
  const started = await beginSignIn(h, sessionId);
  const back = await consentOnDiscord(started.location, account);
  const res = await callback(h, back, { 'acg-login': started.loginId, sid: sessionId });
  return { sessionId: cookieValue(res, 'sid'), callback: res };
}
