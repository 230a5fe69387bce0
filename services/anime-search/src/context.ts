import type { AnimeIndex } from './index/repository';
import type { Upstream } from './index/upstream';
import type { Lookups } from './lookups';
import type { AnilistClient } from './sources/anilist';
import type { SourceBudget } from './sources/budget';
import type { ClientLines } from './sources/client-lines';
import type { ShikimoriClient } from './sources/shikimori';
import type { Source } from './sources/source';

/** What the routes are given. */
export interface AnimeSearchContext {
  lookups: Lookups;
  shikimori: ShikimoriClient;
  anilist: AnilistClient;
  sources: { shikimori: Source; anilist: Source };
  budgets: { shikimori: SourceBudget; anilist: SourceBudget };
  index: AnimeIndex;
  upstream: Upstream;
  /** Each client's line in front of the member search. */
  lines: ClientLines;
  searchBudgetMs: number;
  detailMaxAgeMs: number;
  refreshMs: number;
}
