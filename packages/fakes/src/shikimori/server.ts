import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { type FakeAnimeCatalogue, fakeAnimeCatalogue } from '../anime-data';
import { FakeFaults, type RecordedRequest } from '../faults/faults';
import type { FakeMode, FakeModeInput } from '../faults/switches';
import { type ShikimoriAccount, shikimoriDemoAccounts } from './accounts';
import { registerApi } from './api';
import { registerImages } from './images';
import { registerAuthorize } from './oauth';
import { registerToken } from './oauth-token';
import { registerSiteLimits, tooManyRequests } from './rate-limit';
import { type ShikimoriClient, ShikimoriOAuthStore, shikimoriDemoClient } from './store';
import { registerUsers } from './users';

export interface FakeShikimoriOptions {
  port?: number;
  host?: string;
  catalogue?: FakeAnimeCatalogue;
  accounts?: readonly ShikimoriAccount[];
  /** Registered OAuth2 applications; defaults to `shikimoriDemoClient`. */
  clients?: readonly ShikimoriClient[];
  /** The site's own limits (5 requests/s, 90/min on /api → 429 Retry-After); on by default. */
  enforceLimits?: boolean;
  /** Initial switches (see `setMode`). */
  mode?: Partial<FakeModeInput>;
}

export interface FakeShikimori {
  /** Base URL standing in for the site's origin (no trailing slash); the API is under /api. */
  url: string;
  catalogue: FakeAnimeCatalogue;
  accounts: readonly ShikimoriAccount[];
  clients: readonly ShikimoriClient[];
  /** Every request that reached the fake (not the /__fake endpoints), in arrival order. */
  requests: RecordedRequest[];
  mode: FakeMode;
  /** Slow (`delayMs`), rate-limited (`rateLimit`) or down (`down`); fields left out keep their value. */
  setMode(update: Partial<FakeModeInput>): Promise<FakeMode>;
  /** Healthy again. */
  reset(): Promise<FakeMode>;
  close(): Promise<void>;
}

/**
 * A real HTTP server imitating Shikimori at its own paths: the REST API v1 under /api (anime
 * search and detail, roles, characters, whoami), OAuth2 under /oauth, and the images under
 * /system and /assets. Switches at `POST /__fake/mode`.
 */
export async function startFakeShikimori(opts: FakeShikimoriOptions = {}): Promise<FakeShikimori> {
  const catalogue = opts.catalogue ?? fakeAnimeCatalogue;
  const accounts = opts.accounts ?? shikimoriDemoAccounts;
  const clients = opts.clients ?? [shikimoriDemoClient];
  const store = new ShikimoriOAuthStore(clients, accounts);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);
  app.get('/healthz', async () => ({ status: 'ok', service: 'fake-shikimori' }));
  const faults = new FakeFaults(app, {
    tooManyRequests,
    unavailable: (reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>'),
  });
  registerSiteLimits(app, opts.enforceLimits ?? true);
  registerAuthorize(app, store);
  registerToken(app, store);
  registerImages(app, catalogue, accounts);
  await app.register(
    async (api) => {
      registerApi(api, catalogue);
      registerUsers(api, store);
    },
    { prefix: '/api' },
  );
  const url = await faults.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  if (opts.mode) await faults.setMode(opts.mode);
  return {
    url,
    catalogue,
    accounts,
    clients,
    requests: faults.requests,
    get mode() {
      return faults.mode;
    },
    setMode: (update) => faults.setMode(update),
    reset: () => faults.reset(),
    close: () => faults.close(),
  };
}
