import { type RunningService, type ServiceDeps, startHttpService } from '@acg/platform';
import sharp from 'sharp';
import type { ImageProxyConfig } from './config';
import { type CardImageStats, registerCardImageRoutes } from './routes/cards/card-image';
import { registerTestImageRoutes } from './routes/test-image/test-image';

export const SERVICE = 'image-proxy';

// Renders are cached by the service (per card version and format); sharp's own operation cache
// would only hold memory.
sharp.cache(false);

export async function start(
  deps: ServiceDeps<ImageProxyConfig>,
): Promise<RunningService & { cardImages: CardImageStats }> {
  const { config } = deps;
  let cardImages: CardImageStats = { renders: 0 };
  const running = await startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      cardImages = registerCardImageRoutes(app, deps.bus, deps.cache);
      registerTestImageRoutes(app);
      return [];
    },
  });
  return { ...running, cardImages };
}
