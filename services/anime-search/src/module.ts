import { defineService } from '@acg/platform';
import { animeSearchConfigSchema } from './config';
import { SERVICE, start } from './start';

/** Anime search, as the runners run it (see @acg/platform's ServiceModule). No database. */
export const serviceModule = defineService({ name: SERVICE, configSchema: animeSearchConfigSchema, start });
