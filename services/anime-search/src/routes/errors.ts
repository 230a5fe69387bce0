import { NotFoundError, UnavailableError } from '@acg/platform';
import { SourceNotFound } from '../sources/source';

const SOURCE_NAMES = { shikimori: 'Shikimori', anilist: 'AniList' } as const;

/** A source's failure as the client sees it: "not found" is a 404, anything else a 503 naming the source. */
export function sourceFailure(source: keyof typeof SOURCE_NAMES, err: unknown, what = 'Anime'): Error {
  if (err instanceof SourceNotFound) return new NotFoundError(`${what} not found on ${SOURCE_NAMES[source]}`);
  return new UnavailableError(`${SOURCE_NAMES[source]} is unavailable, try again later`, {
    source,
    reason: err instanceof Error ? err.message : String(err),
  });
}
