import { t } from '@acg/i18n/server';
import { clientKeyOf, NotFoundError, RateLimitError, UnavailableError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { RateLimitWaitTooLong } from '../sources/budget';
import { asClient, ClientShareExceeded } from '../sources/client-share';
import { SourceNotFound } from '../sources/source';

/**
 * Runs a route's look-ups as the caller's client (a user, or a visitor's address), so each takes
 * only its share of the sources' budgets; past it the caller gets 429 with Retry-After, in their
 * language (issue 27).
 */
export async function asCaller<T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await asClient(clientKeyOf(req), work);
  } catch (err) {
    if (!(err instanceof ClientShareExceeded)) throw err;
    throw overShare(req, err.retryAfterMs);
  }
}

/** The caller's share of a source's budget is used up for `retryAfterMs`: a 429 in its language. */
export const overShare = (req: FastifyRequest, retryAfterMs: number): RateLimitError =>
  new RateLimitError(t(req.identity.language, 'animeSearch.overShare'), retryAfterMs / 1000);

const SOURCE_NAMES = { shikimori: 'Shikimori', anilist: 'AniList' } as const;

/**
 * A source's failure as the client sees it, in the caller's language: "not found" is a 404; our
 * own share of the source's budget spent for longer than a request may wait is a 429 with
 * Retry-After (nothing is down: the caller only has to wait, issue 27); anything else a 503
 * naming the source.
 */
export function sourceFailure(
  source: keyof typeof SOURCE_NAMES,
  err: unknown,
  language: string,
  what: 'anime' | 'character' = 'anime',
): Error {
  // The caller's own share used up: asCaller answers it (429).
  if (err instanceof ClientShareExceeded) return err;
  const name = SOURCE_NAMES[source];
  if (err instanceof SourceNotFound)
    return new NotFoundError(t(language, `animeSearch.${what}NotFound`, { source: name }));
  if (err instanceof RateLimitWaitTooLong) {
    const seconds = Math.max(1, Math.ceil(err.waitMs / 1000));
    return new RateLimitError(t(language, 'animeSearch.sourceBusy', { source: name, seconds }), seconds);
  }
  return new UnavailableError(t(language, 'animeSearch.unavailable', { source: name }), {
    source,
    reason: err instanceof Error ? err.message : String(err),
  });
}
