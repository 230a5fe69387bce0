import { defineService } from '@acg/platform';
import { catalogueConfigSchema } from './config';
import { catalogueDatabase, SERVICE, start } from './start';

/** The catalogue service, as the runners run it (see @acg/platform's ServiceModule). */
export const serviceModule = defineService({
  name: SERVICE,
  configSchema: catalogueConfigSchema,
  database: catalogueDatabase,
  start,
});
