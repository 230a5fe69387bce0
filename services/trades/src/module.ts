import { defineService } from '@acg/platform';
import { tradesConfigSchema } from './config';
import { SERVICE, start, tradesDatabase } from './start';

/** The trades service, as the runners run it (see @acg/platform's ServiceModule). */
export const serviceModule = defineService({
  name: SERVICE,
  configSchema: tradesConfigSchema,
  database: tradesDatabase,
  start,
});
