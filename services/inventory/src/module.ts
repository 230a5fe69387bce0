import { defineService } from '@acg/platform';
import { inventoryConfigSchema } from './config';
import { inventoryDatabase, SERVICE, start } from './start';

/** The inventory service, as the runners run it (see @acg/platform's ServiceModule). */
export const serviceModule = defineService({
  name: SERVICE,
  configSchema: inventoryConfigSchema,
  database: inventoryDatabase,
  start,
});
