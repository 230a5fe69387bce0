import { defineService } from '@acg/platform';
import { adminConfigSchema } from './config';
import { adminDatabase, SERVICE, start } from './start';

/** The admin service, as the runners run it (see @acg/platform's ServiceModule). */
export const serviceModule = defineService({
  name: SERVICE,
  configSchema: adminConfigSchema,
  database: adminDatabase,
  start,
});
