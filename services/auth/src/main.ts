import { connectBus, connectCache, createLogger, loadConfig, runMain } from '@acg/platform';
import { authConfigSchema } from './config';
import { createAuthDatabase } from './db/database';
import { start } from './start';

// The auth service as a process of its own (distributed mode): config, infrastructure, start.
const config = loadConfig(authConfigSchema);
const logger = createLogger('auth', config.LOG_LEVEL);

await runMain(async () => {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const bus = await connectBus({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name: 'auth',
    logger,
  });
  const cache = await connectCache({ redisUrl: config.REDIS_URL, prefix: 'acg:auth:', logger });
  const database = createAuthDatabase(config.DATABASE_URL, logger);
  return start({ config, logger, bus, cache, database, ownsInfra: true });
}, logger);
