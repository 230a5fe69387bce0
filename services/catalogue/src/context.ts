import type { Bus, Database } from '@acg/platform';
import type { CatalogueCaches } from './caches';

/** What the catalogue's routes share. */
export interface CatalogueContext {
  database: Database;
  bus: Bus;
  caches: CatalogueCaches;
}
