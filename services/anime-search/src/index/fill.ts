import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnimeSource } from '@acg/contracts';
import type { Bus, Cache, Logger } from '@acg/platform';
import type { AnilistClient } from '../sources/anilist';
import { asBackground } from '../sources/budget';
import type { ShikimoriClient } from '../sources/shikimori';
import { SourceNotFound } from '../sources/source';
import { catalogueAnime } from './catalogue-anime';
import { indexedAnilist, indexedShikimori } from './records';
import type { AnimeIndex } from './repository';
import type { Upstream } from './upstream';

/** Pages of 50 of each site's popular list, and of its ongoing list, the fill reads. */
export const POPULAR_PAGES = 4;
export const ONGOING_PAGES = 2;

export interface FillOptions {
  index: AnimeIndex;
  upstream: Upstream;
  cache: Cache;
  /** Where the catalogue's anime are asked for (catalogue.anime.external-ids). */
  bus: Bus;
  shikimori: ShikimoriClient;
  anilist: AnilistClient;
  logger: Logger;
  /** Pause between two jobs of one source (the budget's background share paces them too). */
  intervalMs: number;
  /** A list page, a most-searched text or an anime older than this is read again. */
  refreshMs: number;
}

type Job = { name: string; run: () => Promise<void> };

/**
 * The background fill (issue 24): per source, one job at a time, as background work (it takes
 * only the background's share of the source's budget): first the popular and ongoing lists,
 * then the catalogue's anime without a recent detail (asked of the catalogue over the bus), then
 * the most searched texts not asked recently, then the anime read longest ago (their details,
 * oldest first). An anime the site does not know is not asked again within the refresh age. One
 * replica fills at a time: the one holding the lease in the cache.
 */
export function startFill(opts: FillOptions): { stop(): Promise<void> } {
  const { index, cache, logger } = opts;
  const state = cache.namespace('index-fill', { state: true });
  const me = randomUUID();
  let stopped = false;
  const leaseSeconds = Math.max(5, (opts.intervalMs * 10) / 1000);

  const leader = async () =>
    (await state.add('leader', me, leaseSeconds)) ||
    ((await state.get<string>('leader')) === me && (await state.replace('leader', me)));

  /** A list page read within refreshMs is not read again (list_reads, beside the index). */
  const listJob = (source: AnimeSource, list: 'popular' | 'ongoing', page: number): Job => ({
    name: `${source} ${list} page ${page}`,
    run: async () => {
      if (source === 'shikimori') {
        const items = await opts.shikimori.list({ page, ongoing: list === 'ongoing' });
        await index.addShikimori(items.map((a) => indexedShikimori(a, opts.shikimori.absolute)));
      } else {
        const media = await opts.anilist.list({ page, ongoing: list === 'ongoing' });
        await index.addAnilist(media.map((m) => indexedAnilist(m, false)));
      }
      await index.listRead(`${source}:${list}:${page}`);
    },
  });

  const catalogue = catalogueAnime(opts.bus, logger);
  /** Anime a site answered 404 for, and when: not asked again within refreshMs. */
  const unknown: Record<AnimeSource, Map<number, number>> = { shikimori: new Map(), anilist: new Map() };
  const known = (source: AnimeSource) => (id: number) =>
    Date.now() - (unknown[source].get(id) ?? Number.NEGATIVE_INFINITY) >= opts.refreshMs;

  /** Reads an anime's detail into the index. */
  const detailJob = (source: AnimeSource, id: number, why: string): Job => ({
    name: `${source} ${why} anime ${id}`,
    run: async () => {
      try {
        if (source === 'shikimori')
          await index.addShikimori(
            [indexedShikimori(await opts.shikimori.anime(id), opts.shikimori.absolute)],
            true,
          );
        else await index.addAnilist([indexedAnilist(await opts.anilist.anime(id), true)], true);
      } catch (err) {
        if (!(err instanceof SourceNotFound)) throw err;
        unknown[source].set(id, Date.now());
      }
    },
  });

  async function listJobOf(source: AnimeSource): Promise<Job | undefined> {
    for (const [list, pages] of [
      ['popular', POPULAR_PAGES],
      ['ongoing', ONGOING_PAGES],
    ] as const) {
      for (let page = 1; page <= pages; page++)
        if (!(await index.listFresh(`${source}:${list}:${page}`, opts.refreshMs)))
          return listJob(source, list, page);
    }
    return undefined;
  }

  async function nextJob(source: AnimeSource): Promise<Job | undefined> {
    const list = await listJobOf(source);
    if (list) return list;
    const ours = (await catalogue.of(source)).filter(known(source));
    const [missing] = await index.missingDetails(source, ours, opts.refreshMs, 1);
    if (missing !== undefined) return detailJob(source, missing, 'catalogue');
    const [query] = await index.staleSearches(source, opts.refreshMs, 1);
    if (query !== undefined)
      return { name: `${source} search "${query}"`, run: () => opts.upstream.ask(source, query) };
    const [id] = (await index.oldest(source, opts.refreshMs, 20)).filter(known(source));
    return id === undefined ? undefined : detailJob(source, id, 'oldest');
  }

  async function loop(source: AnimeSource): Promise<void> {
    while (!stopped) {
      try {
        const job = (await leader()) ? await nextJob(source) : undefined;
        if (job) await asBackground(job.run);
      } catch (err) {
        logger.warn({ err, source }, 'index fill job failed');
      }
      if (!stopped) await pause(opts.intervalMs);
    }
  }

  const stopping = new AbortController();
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);

  const loops = [loop('shikimori'), loop('anilist')];
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await Promise.allSettled(loops);
      await state.deleteIf('leader', me).catch(() => undefined);
    },
  };
}
