import Fastify from 'fastify';
import { type FakeAnimeCatalogue, fakeAnimeCatalogue } from '../anime-data';
import { FakeFaults, type RecordedRequest } from '../faults/faults';
import type { FakeMode, FakeModeInput } from '../faults/switches';
import { registerGraphql } from './graphql-endpoint';
import { registerImages } from './images';
import { ANILIST_DEFAULT_PER_MINUTE, registerSiteLimits, tooManyRequests } from './rate-limit';

export interface FakeAniListOptions {
  port?: number;
  host?: string;
  catalogue?: FakeAnimeCatalogue;
  /** The site's own limit per minute (default 30, AniList's current degraded limit); 0 = none. */
  perMinute?: number;
  /** Initial switches (see `setMode`). */
  mode?: Partial<FakeModeInput>;
}

export interface FakeAniList {
  /** The GraphQL endpoint (POST JSON here) and the origin of the image URLs; no trailing slash. */
  url: string;
  catalogue: FakeAnimeCatalogue;
  /** Every request that reached the fake (not the /__fake endpoints), in arrival order. */
  requests: RecordedRequest[];
  mode: FakeMode;
  /** Slow (`delayMs`), rate-limited (`rateLimit`) or down (`down`); fields left out keep their value. */
  setMode(update: Partial<FakeModeInput>): Promise<FakeMode>;
  reset(): Promise<FakeMode>;
  close(): Promise<void>;
}

/**
 * A real HTTP server imitating AniList's GraphQL API (POST /) and its image CDN paths, with
 * the site's rate-limit headers. Switches at `POST /__fake/mode`.
 */
export async function startFakeAniList(opts: FakeAniListOptions = {}): Promise<FakeAniList> {
  const catalogue = opts.catalogue ?? fakeAnimeCatalogue;
  const perMinute = opts.perMinute ?? ANILIST_DEFAULT_PER_MINUTE;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/healthz', async () => ({ status: 'ok', service: 'fake-anilist' }));
  const faults = new FakeFaults(app, {
    tooManyRequests: (reply, seconds) => tooManyRequests(reply, seconds, perMinute || undefined),
    unavailable: (reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<html><body><h1>503 Service Unavailable</h1></body></html>'),
  });
  registerSiteLimits(app, perMinute);
  registerGraphql(app, catalogue);
  registerImages(app, catalogue);
  const url = await faults.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  if (opts.mode) await faults.setMode(opts.mode);
  return {
    url,
    catalogue,
    requests: faults.requests,
    get mode() {
      return faults.mode;
    },
    setMode: (update) => faults.setMode(update),
    reset: () => faults.reset(),
    close: () => faults.close(),
  };
}
