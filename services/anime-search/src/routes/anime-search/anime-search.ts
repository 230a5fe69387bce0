import {
  type AnimeSearchAnswer,
  type AnimeSource,
  animeQuerySchema,
  animeSearchAnswerSchema,
  animeSources,
  bundledLanguageOf,
} from '@acg/contracts';
import { clientKeyOf, type HttpServer, RateLimitError, text, UnavailableError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { AnimeSearchContext } from '../../context';
import { toAnime } from '../../index/records';
import type { IndexMatch } from '../../index/repository';
import { searchKey } from '../../lookups';
import { asCaller, overShare as overShareError } from '../errors';

/**
 * A match this similar (0–1, pg_trgm word similarity of the best title) answers a search from the
 * index alone; below it the sites are asked too (rules §56).
 */
export const STRONG_MATCH = 0.7;

type Outcome = 'answered' | 'failed' | 'overShare' | 'pending';

/**
 * GET /api/anime/search?q= (requirements M7; issue 24): answered from the anime index. When the
 * index has no strong match, the sites not asked this text recently are asked within the request's
 * budget (SEARCH_BUDGET_MS): what arrives in time is in the answer, the rest goes on in the
 * background into the index and the answer names it `pending`. A source down or over its limit
 * leaves the index's answer, marked `partial`; a 503 only when the index has nothing and every
 * source asked failed. A caller past its share with every source asked gets 429 (rules §47).
 */
export function registerAnimeSearchRoutes(app: HttpServer, ctx: AnimeSearchContext): void {
  app.get(
    '/api/anime/search',
    { schema: { querystring: animeQuerySchema, response: { 200: animeSearchAnswerSchema } } },
    // One client's searches wait in its own line (rules §47): the others' stay as fast.
    (req) => asCaller(req, () => ctx.lines.run(clientKeyOf(req), () => search(req, ctx))),
  );
}

async function search(
  req: FastifyRequest<{ Querystring: { q: string } }>,
  ctx: AnimeSearchContext,
): Promise<AnimeSearchAnswer> {
  const { q } = req.query;
  const query = searchKey(q);
  ctx.index.recordSearch(query);
  const local = await ctx.index.search(q);
  if (local.some((m) => m.similarity >= STRONG_MATCH)) return answer(req, local, {});
  const { outcomes, overShare, answeredBefore } = await askSources(req, ctx, query);
  const asked = Object.values(outcomes);
  // A site that answered (now, or since `local` was read: its answer is in the index before it
  // is marked asked) changes what the index holds: read it again.
  const matches = asked.includes('answered') || answeredBefore ? await ctx.index.search(q) : local;
  if (matches.length === 0 && asked.length > 0) {
    if (overShare && asked.every((o) => o === 'overShare')) throw overShare;
    if (asked.every((o) => o === 'failed' || o === 'overShare'))
      throw new UnavailableError(text('animeSearch.searchUnavailable'), {
        unavailable: Object.keys(outcomes),
      });
  }
  return answer(req, matches, outcomes);
}

function answer(
  req: FastifyRequest,
  matches: IndexMatch[],
  outcomes: Partial<Record<AnimeSource, Outcome>>,
): AnimeSearchAnswer {
  const language = bundledLanguageOf(req.identity.language);
  const named = (...kinds: Outcome[]) =>
    animeSources.filter((s) => outcomes[s] !== undefined && kinds.includes(outcomes[s]));
  const unavailable = named('failed', 'overShare');
  const pending = named('pending');
  return {
    results: matches.map((m) => toAnime(m.shikimori, m.anilist, language)),
    unavailable,
    pending,
    partial: unavailable.length + pending.length > 0,
  };
}

/**
 * Asks the sites that have not answered this text recently, as the caller's client, and waits
 * for them at most the request's budget. A source whose circuit is open is not asked: it is
 * unavailable at once.
 */
async function askSources(
  req: FastifyRequest,
  ctx: AnimeSearchContext,
  query: string,
): Promise<{
  outcomes: Partial<Record<AnimeSource, Outcome>>;
  overShare?: unknown;
  answeredBefore: boolean;
}> {
  const asked = await ctx.index.askedAt(query);
  const answeredBefore = animeSources.some((source) => ctx.upstream.isFresh(asked[source]));
  let overShare: unknown;
  const outcomes: Partial<Record<AnimeSource, Outcome>> = {};
  const waits: Array<Promise<void>> = [];
  for (const source of animeSources) {
    if (ctx.upstream.isFresh(asked[source])) continue;
    if (!ctx.sources[source].available) {
      outcomes[source] = 'failed';
      continue;
    }
    // A caller past its share is told so before anything is asked (unless it can join a call
    // already under way, which is free): its searches stay cheap for everyone else.
    const wait = ctx.upstream.running(source, query) ? 0 : await ctx.budgets[source].clientWait();
    if (wait > 0) {
      // Its share went on calls that failed: the source is what is wrong, not the caller.
      if (ctx.sources[source].failing) outcomes[source] = 'failed';
      else {
        outcomes[source] = 'overShare';
        overShare ??= overShareError(req, wait);
      }
      continue;
    }
    outcomes[source] = 'pending';
    const call = asCaller(req, () => ctx.upstream.ask(source, query));
    waits.push(
      call.then(
        () => {
          outcomes[source] = 'answered';
        },
        (err: unknown) => {
          // 429 from asCaller: the caller's share with this source is used up (by calls that
          // did not fail: else the source is what is wrong).
          const over = err instanceof RateLimitError && !ctx.sources[source].failing;
          outcomes[source] = over ? 'overShare' : 'failed';
          if (over) overShare ??= err;
          if (!over) req.log.warn({ err, source }, 'source search failed');
        },
      ),
    );
  }
  if (waits.length > 0) await within(Promise.all(waits), ctx.searchBudgetMs);
  // A copy: answers arriving after the budget must not change what is being sent.
  return { outcomes: { ...outcomes }, overShare, answeredBefore };
}

/** Waits for `work` at most `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([work, budget]);
  } finally {
    clearTimeout(timer);
  }
}
