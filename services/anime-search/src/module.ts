import { defineService } from '@acg/platform';
import { animeSearchConfigSchema } from './config';
import { animeSearchDatabase, SERVICE, start } from './start';

/** Anime search, as the runners run it (see @acg/platform's ServiceModule); owns the anime index. */
export const serviceModule = defineService({
  name: SERVICE,
  configSchema: animeSearchConfigSchema,
  database: animeSearchDatabase,
  start,
});
