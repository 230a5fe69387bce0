import type { Rank } from '@acg/contracts';
import { LIST_TTL_SECONDS } from './caches';
import type { CatalogueContext } from './context';
import { listAnime } from './repository/anime';
import { listRanks } from './repository/ranks';

/** The rank list (9 rows, read by every rank filter and the rank buttons). */
export const cachedRanks = ({ caches, database }: CatalogueContext): Promise<Rank[]> =>
  caches.ranks.wrap('all', LIST_TTL_SECONDS, () => listRanks(database.db));

/** The anime filter list. */
export const cachedAnime = ({ caches, database }: CatalogueContext) =>
  caches.animes.wrap('all', LIST_TTL_SECONDS, () => listAnime(database.db));
