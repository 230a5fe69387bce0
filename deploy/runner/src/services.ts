import * as auth from '@acg/auth';
import * as bot from '@acg/bot';
import * as catalogue from '@acg/catalogue';
import type { ServiceName } from '@acg/contracts';
import * as imageProxy from '@acg/image-proxy';
import * as inventory from '@acg/inventory';
import type { Database, Logger, RunningService, ServiceDeps } from '@acg/platform';
import type { z } from 'zod';

/**
 * What the runners need of each built service package: its config schema, how to open its
 * database (own schema, migrations applied) and start(). A service added to system.ts as built
 * must be listed here; runner.test.ts checks that.
 */
export interface ServiceModule {
  configSchema: z.ZodObject;
  openDatabase(url: string, logger: Logger): Promise<Database>;
  start(deps: ServiceDeps<never>): Promise<RunningService>;
}

export const serviceModules: Partial<Record<ServiceName, ServiceModule>> = {
  auth: {
    configSchema: auth.authConfigSchema,
    // auth's start() applies its migrations itself.
    openDatabase: async (url, logger) => auth.createAuthDatabase(url, logger),
    start: auth.start as ServiceModule['start'],
  },
  catalogue: {
    configSchema: catalogue.configSchema,
    openDatabase: catalogue.openDatabase,
    start: catalogue.start as ServiceModule['start'],
  },
  inventory: {
    configSchema: inventory.configSchema,
    openDatabase: inventory.openDatabase,
    start: inventory.start as ServiceModule['start'],
  },
  'image-proxy': {
    configSchema: imageProxy.configSchema,
    openDatabase: async () => {
      throw new Error('image-proxy has no database');
    },
    start: imageProxy.start as ServiceModule['start'],
  },
  bot: {
    configSchema: bot.configSchema,
    openDatabase: async () => {
      throw new Error('bot has no database');
    },
    start: bot.start as ServiceModule['start'],
  },
};

/** Entry file of each process, for the distributed runner and docker-compose. */
export const entryFile = (name: ServiceName | 'gateway'): string =>
  name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
