import { connectBus, connectCache, createLogger, loadConfig, runMain } from '@acg/platform';
import { imageProxyConfigSchema } from './config';
import { SERVICE, start } from './start';

const config = loadConfig(imageProxyConfigSchema);
const logger = createLogger(SERVICE, config.LOG_LEVEL);

await runMain(async () => {
  const bus = await connectBus({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name: SERVICE,
    logger,
  });
  const cache = await connectCache({ redisUrl: config.REDIS_URL, logger });
  return start({ config, logger, bus, cache, ownsInfra: true });
}, logger);
