import { type RunningService, type ServiceDeps, startHttpService } from '@acg/platform';
import type { BotConfig } from './config';
import { discordWebhooks } from './discord/webhooks';
import { publicKeyFromHex } from './domain/signature';
import { PendingWork } from './drop/deferral';
import { registerInteractionRoutes } from './routes/interactions/interactions';
import { openBotState } from './state';
import { dropState } from './state/drop-state';

export const SERVICE = 'bot';

/**
 * The bot: Discord HTTP interactions at POST /interactions. No database: its state (cooldowns,
 * replay guard, answers, per-user locks) lives in Redis when REDIS_URL is set, else in memory.
 */
export async function start(deps: ServiceDeps<BotConfig>): Promise<RunningService> {
  const { config, logger } = deps;
  const publicKey = publicKeyFromHex(config.DISCORD_PUBLIC_KEY);
  const state = await openBotState(config.REDIS_URL, config.BOT_STATE_PREFIX);
  const followUps = new PendingWork();
  try {
    return await startHttpService({
      name: SERVICE,
      host: config.HOST,
      port: config.PORT,
      internalSecret: config.INTERNAL_SECRET,
      deps,
      setup: async (app) => {
        await registerInteractionRoutes(app, {
          bus: deps.bus,
          logger,
          state: dropState(state),
          publicKey,
          webhooks: discordWebhooks(config.DISCORD_API_BASE_URL, logger),
          weights: config.DROP_RANK_WEIGHTS,
          cooldownMs: config.DROP_COOLDOWN_SECONDS * 1000,
          publicUrl: config.PUBLIC_URL,
          deferAfterMs: config.DEFER_AFTER_MS,
          followUps,
        });
        return [
          async () => {
            // Deferred drops still owe Discord their message: let them finish first.
            await followUps.settle();
            await state.close();
          },
        ];
      },
    });
  } catch (err) {
    await state.close();
    throw err;
  }
}
