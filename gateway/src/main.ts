import { connectBus, connectCache, createLogger, loadConfig, runMain } from '@acg/platform';
import { createRenderer, ensureWebBuilt } from '@acg/web';
import { gatewayConfigSchema } from './config';
import { start } from './start';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);

await runMain(async () => {
  // A fresh clone has no web build yet; build it once rather than fail.
  await ensureWebBuilt();
  const renderer = createRenderer({ mode: 'production' });
  const bus = await connectBus({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name: 'gateway',
    logger,
  });
  const cache = await connectCache({ redisUrl: config.REDIS_URL, logger });
  return start({ config, logger, bus, cache, renderer, ownsInfra: true });
}, logger);
