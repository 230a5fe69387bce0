import { type RunningService, type ServiceDeps, startService } from '@acg/platform';
import type { BotConfig } from './config';
import { discordBotRest } from './discord/rest';
import { discordWebhooks } from './discord/webhooks';
import { publicKeyFromHex } from './domain/signature';
import { PendingWork } from './drop/deferral';
import { registerInteractionRoutes } from './routes/interactions/interactions';
import { serviceApi, serviceUrls } from './services/api';
import { dropState } from './state/drop-state';
import { consumeTradeNotices, offerRecords } from './trades/notify';
import { consumeWishNotices } from './wishes/notify';

export const SERVICE = 'bot';

/**
 * The bot: Discord HTTP interactions at POST /interactions. No database: its state (cooldowns,
 * replay guard, answers, per-user locks) lives in the service's cache (Redis when REDIS_URL is
 * set, else memory).
 */
export async function start(deps: ServiceDeps<BotConfig>): Promise<RunningService> {
  const { config, logger } = deps;
  const publicKey = publicKeyFromHex(config.DISCORD_PUBLIC_KEY);
  const state = dropState(deps.cache);
  const followUps = new PendingWork();
  return startService(SERVICE, deps, async (app) => {
    await registerInteractionRoutes(app, {
      bus: deps.bus,
      logger,
      state,
      publicKey,
      webhooks: discordWebhooks(config.DISCORD_API_BASE_URL, logger),
      weights: config.DROP_RANK_WEIGHTS,
      cooldownMs: config.DROP_COOLDOWN_SECONDS * 1000,
      publicUrl: config.PUBLIC_URL,
      deferAfterMs: config.DEFER_AFTER_MS,
      followUps,
      tradeRecords: offerRecords(deps.cache),
      api: serviceApi(
        serviceUrls(
          {
            catalogue: config.UPSTREAM_CATALOGUE_URL,
            inventory: config.UPSTREAM_INVENTORY_URL,
            trades: config.UPSTREAM_TRADES_URL,
          },
          config.UPSTREAM_HOST,
        ),
        config.INTERNAL_SECRET,
      ),
      drafts: deps.cache.namespace('trade-drafts', { state: true }),
    });
    // Trade offers and wish alerts become DMs when the bot has its token.
    const rest = config.DISCORD_BOT_TOKEN
      ? discordBotRest(config.DISCORD_API_BASE_URL, config.DISCORD_BOT_TOKEN, logger)
      : undefined;
    const dmDeps = rest && { bus: deps.bus, cache: deps.cache, logger, rest };
    const notices = dmDeps ? await consumeTradeNotices(dmDeps) : undefined;
    const wishes = dmDeps ? await consumeWishNotices({ ...dmDeps, publicUrl: config.PUBLIC_URL }) : undefined;
    // Deferred drops still owe Discord their message (and their state): let them finish.
    return [() => followUps.settle(), async () => notices?.stop(), async () => wishes?.stop()];
  });
}
