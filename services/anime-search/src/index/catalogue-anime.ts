import { ANIME_IDS_PAGE, type AnimeSource, catalogueAnimeExternalIds } from '@acg/contracts';
import type { Bus, Logger } from '@acg/platform';

/** How often the fill asks the catalogue for its anime again. */
export const CATALOGUE_EVERY_MS = 5 * 60_000;
/** The most pages one asking reads (ANIME_IDS_PAGE anime each). */
const MAX_PAGES = 200;

/**
 * The catalogue's anime by Shikimori and AniList id, as the index fill reads them first (issue
 * 24): asked over the bus (catalogue.anime.external-ids, page by page) at most every `everyMs`;
 * while the catalogue does not answer, the last list it gave stands.
 */
export function catalogueAnime(bus: Bus, logger: Logger, everyMs = CATALOGUE_EVERY_MS) {
  let ids: Record<AnimeSource, number[]> = { shikimori: [], anilist: [] };
  let askedAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<void> | undefined;

  async function ask(): Promise<void> {
    const next: Record<AnimeSource, number[]> = { shikimori: [], anilist: [] };
    let afterId = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await bus.request(catalogueAnimeExternalIds, { afterId, limit: ANIME_IDS_PAGE });
      for (const a of answer.anime) {
        if (a.shikimoriId !== null) next.shikimori.push(a.shikimoriId);
        if (a.anilistId !== null) next.anilist.push(a.anilistId);
      }
      if (answer.nextAfterId === null) break;
      afterId = answer.nextAfterId;
    }
    ids = next;
  }

  return {
    /** The catalogue's anime ids on `source`'s site, in the catalogue's order. */
    async of(source: AnimeSource): Promise<number[]> {
      if (Date.now() - askedAt >= everyMs) {
        asking ??= ask()
          .catch((err: unknown) => logger.warn({ err }, 'the catalogue did not list its anime'))
          .finally(() => {
            askedAt = Date.now();
            asking = undefined;
          });
        await asking;
      }
      return ids[source];
    },
  };
}
export type CatalogueAnime = ReturnType<typeof catalogueAnime>;
