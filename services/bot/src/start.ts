import { type RunningService, type ServiceDeps, startHttpService } from '@acg/platform';
import type { BotConfig } from './config';
import { publicKeyFromHex } from './domain/signature';
import { registerInteractionRoutes } from './routes/interactions/interactions';

export const SERVICE = 'bot';

export async function start(deps: ServiceDeps<BotConfig>): Promise<RunningService> {
  const { config } = deps;
  const publicKey = publicKeyFromHex(config.DISCORD_PUBLIC_KEY);
  return startHttpService({
    name: SERVICE,
    host: config.HOST,
    port: config.PORT,
    internalSecret: config.INTERNAL_SECRET,
    deps,
    setup: async (app) => {
      const { pending } = await registerInteractionRoutes(app, { ...deps, publicKey });
      // Deferred drops still owe Discord their follow-up: let them finish before closing.
      return [async () => void (await Promise.allSettled([...pending]))];
    },
  });
}
