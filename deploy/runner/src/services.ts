import { serviceModule as admin } from '@acg/admin';
import { serviceModule as animeSearch } from '@acg/anime-search';
import { serviceModule as auth } from '@acg/auth';
import { serviceModule as bot } from '@acg/bot';
import { serviceModule as catalogue } from '@acg/catalogue';
import type { ServiceName } from '@acg/contracts';
import { serviceModule as imageProxy } from '@acg/image-proxy';
import { serviceModule as inventory } from '@acg/inventory';
import type { ServiceModule } from '@acg/platform';
import { serviceModule as trades } from '@acg/trades';

/**
 * The module of every built service package (its `serviceModule`: name, config schema, database,
 * start), for both runners. A service marked built in system.ts must be listed here;
 * adding-a-service.test.ts checks that, and docs/adding-a-service.md says so.
 */
export const serviceModules: Partial<Record<ServiceName, ServiceModule>> = {
  auth,
  catalogue,
  inventory,
  trades,
  admin,
  'anime-search': animeSearch,
  'image-proxy': imageProxy,
  bot,
};

/** Entry file of each process, for the distributed runner and docker-compose. */
export const entryFile = (name: ServiceName | 'gateway'): string =>
  name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
