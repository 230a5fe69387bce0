import type { Lookups } from './lookups';
import type { ShikimoriClient } from './sources/shikimori';
import type { Source } from './sources/source';

/** What the routes are given. */
export interface AnimeSearchContext {
  lookups: Lookups;
  shikimori: ShikimoriClient;
  sources: { shikimori: Source; anilist: Source };
}
