import { type AnimeSource, animeSourceTitle } from '@acg/contracts';
import { AppError, type Bus, UnavailableError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { say } from '../messages';

const SOURCE_NAMES: Record<AnimeSource, string> = { shikimori: 'Shikimori', anilist: 'AniList' };
const MAX_TITLE = 300;

/**
 * The title of a quick add that brought none (issue 28): asked of anime-search over the bus (its
 * anime index, else the site), by the Shikimori id when there is one, else the AniList id. An id
 * the site does not know is its 404, a spent look-up budget its 429 (both already in the admin's
 * language); anything else (the site or anime-search down, no answer in time) is a 503 saying
 * the title could not be read and that giving one works.
 */
export async function titleFromSource(
  bus: Bus,
  req: FastifyRequest,
  ids: { shikimoriId: number | null; anilistId: number | null },
): Promise<string> {
  const [source, id]: [AnimeSource, number] =
    ids.shikimoriId !== null ? ['shikimori', ids.shikimoriId] : ['anilist', ids.anilistId as number];
  try {
    const { title } = await bus.request(
      animeSourceTitle,
      { source, id, language: req.identity.language },
      { requestId: req.id },
    );
    return title.trim().slice(0, MAX_TITLE);
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 429)) throw err;
    req.log.warn({ err, source, id }, 'quick add: the source title could not be read');
    throw new UnavailableError(say(req, 'sourceTitleUnavailable', { source: SOURCE_NAMES[source] }), {
      source,
    });
  }
}
