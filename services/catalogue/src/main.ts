import { connectBus, connectCache, createLogger, loadConfig, runMain } from '@acg/platform';
import { catalogueConfigSchema } from './config';
import { openCatalogueDatabase, SERVICE, start } from './start';

const config = loadConfig(catalogueConfigSchema);
const logger = createLogger(SERVICE, config.LOG_LEVEL);

await runMain(async () => {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const database = await openCatalogueDatabase(config.DATABASE_URL, logger);
  const bus = await connectBus({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name: SERVICE,
    logger,
  });
  const cache = await connectCache({ redisUrl: config.REDIS_URL });
  return start({ config, logger, bus, cache, database, ownsInfra: true });
}, logger);
