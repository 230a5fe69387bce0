import { defineService } from '@acg/platform';
import { authConfigSchema } from './config';
import { authDatabase } from './db/database';
import { start } from './start';

/** The auth service, as the runners run it (see @acg/platform's ServiceModule). */
export const serviceModule = defineService({
  name: 'auth',
  configSchema: authConfigSchema,
  database: authDatabase,
  start,
});
