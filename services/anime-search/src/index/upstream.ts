import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnimeSource } from '@acg/contracts';
import type { Cache } from '@acg/platform';
import type { AnilistClient } from '../sources/anilist';
import type { ShikimoriClient } from '../sources/shikimori';
import { indexedAnilist, indexedShikimori } from './records';
import type { AnimeIndex } from './repository';

/** How long one replica may hold the right to ask a source a search text (then anyone may). */
const LOCK_SECONDS = 30;
/** How often a replica waiting for another's answer looks whether it has arrived. */
const POLL_MS = 100;

export interface UpstreamOptions {
  index: AnimeIndex;
  cache: Cache;
  shikimori: ShikimoriClient;
  anilist: AnilistClient;
  /** A site asked a search text this long ago is not asked it again. */
  searchFreshMs: number;
}

/**
 * The sites' answers, into the index. Identical concurrent searches share one upstream call:
 * within a replica they join the same promise; across replicas the first takes a lock in the
 * cache (Redis), the others wait for it to be released and read the index it filled.
 */
export function createUpstream(opts: UpstreamOptions) {
  const { index, shikimori, anilist } = opts;
  const locks = opts.cache.namespace('search-locks', { state: true });
  const inflight = new Map<string, Promise<void>>();

  const isFresh = (at: Date | undefined) =>
    at !== undefined && Date.now() - at.getTime() < opts.searchFreshMs;
  const answered = async (source: AnimeSource, query: string) =>
    isFresh((await index.askedAt(query))[source]);

  async function askNow(source: AnimeSource, query: string): Promise<void> {
    if (source === 'shikimori') {
      const items = await shikimori.searchAnime(query);
      await index.addShikimori(items.map((a) => indexedShikimori(a, shikimori.absolute)));
    } else {
      const media = await anilist.searchAnime(query);
      await index.addAnilist(media.map((m) => indexedAnilist(m, false)));
    }
    await index.markAsked(query, source);
  }

  /** Waits (bounded) until another replica's lock on `key` is gone. */
  async function waitReleased(key: string): Promise<void> {
    for (let i = 0; i < (LOCK_SECONDS * 1000) / POLL_MS; i++) {
      if ((await locks.ttl(key)) === 0) return;
      await sleep(POLL_MS);
    }
  }

  async function askOnce(source: AnimeSource, query: string): Promise<void> {
    const key = `${source}:${query}`;
    const token = randomUUID();
    // Two rounds at most: wait for the holder, then take the lock if its answer did not arrive.
    for (let round = 0; round < 2; round++) {
      if (await locks.add(key, token, LOCK_SECONDS)) {
        try {
          if (!(await answered(source, query))) await askNow(source, query);
          return;
        } finally {
          await locks.deleteIf(key, token);
        }
      }
      await waitReleased(key);
      if (await answered(source, query)) return;
    }
    throw new Error(`${source}: another replica holds the search "${query}" too long`);
  }

  return {
    /** True when `source` answered this search text recently (it is in the index). */
    answered,
    isFresh,
    /** True when this replica is asking `source` this text now (joining it costs nothing). */
    running: (source: AnimeSource, query: string) => inflight.has(`${source}:${query}`),
    /**
     * Asks `source` for a search text once, however many ask at the same time (here or in other
     * replicas); resolves when its answer is in the index.
     */
    ask(source: AnimeSource, query: string): Promise<void> {
      const key = `${source}:${query}`;
      const running = inflight.get(key);
      if (running) return running;
      const p = askOnce(source, query).finally(() => inflight.delete(key));
      inflight.set(key, p);
      // Nobody may be waiting any more (the request's budget passed): never an unhandled rejection.
      p.catch(() => undefined);
      return p;
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
