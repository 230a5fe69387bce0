import { usersGet } from '@acg/contracts';
import type { Bus, Cache, Logger, Subscription } from '@acg/platform';
import { type DiscordBotRest, DiscordRefusal } from '../discord/rest';
import { tradeCreated } from './contract';
import { offerMessage } from './texts';

export interface TradeNoticeDeps {
  bus: Bus;
  cache: Cache;
  rest: DiscordBotRest;
  logger: Logger;
}

/** A DM is sent once per trade; redeliveries within a week find it sent. */
const SENT_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Consumes trade.created: the recipient gets a Discord DM about the offer with Accept and Decline
 * buttons. The recipient's Discord id and the sender's name come from auth (auth.users.get).
 * Discord's 429/5xx are retried by the REST client, then by the bus's redelivery; a user who
 * does not accept DMs (403) is logged and skipped, as there is nothing to retry.
 */
export function consumeTradeNotices(deps: TradeNoticeDeps): Promise<Subscription> {
  const sent = deps.cache.namespace('trade-dms');
  return deps.bus.consume({
    durable: 'bot-trade-dms',
    types: [tradeCreated.type],
    handler: async (event) => {
      const parsed = tradeCreated.data.safeParse(event.data);
      if (!parsed.success) {
        deps.logger.warn({ eventId: event.id }, 'trade.created with unreadable data skipped');
        return;
      }
      const trade = parsed.data;
      const key = String(trade.id);
      if (await sent.get(key)) return;
      const { users } = await deps.bus.request(usersGet, { ids: [trade.fromUserId, trade.toUserId] });
      const recipient = users.find((u) => u.id === trade.toUserId);
      const sender = users.find((u) => u.id === trade.fromUserId);
      if (!recipient?.discordId) {
        deps.logger.warn({ tradeId: trade.id }, 'trade recipient has no Discord account; no DM');
        return;
      }
      try {
        const channel = await deps.rest.openDm(recipient.discordId);
        const message = await deps.rest.post(
          channel.id,
          offerMessage('en', {
            id: trade.id,
            fromName: sender?.username ?? `#${trade.fromUserId}`,
            items: trade.items,
            description: trade.description,
          }),
        );
        await sent.set(key, { channelId: channel.id, messageId: message.id }, SENT_TTL_SECONDS);
      } catch (err) {
        if (err instanceof DiscordRefusal) {
          deps.logger.warn(
            { tradeId: trade.id, status: err.status, code: err.code },
            'trade DM refused by Discord',
          );
          return;
        }
        throw err;
      }
    },
  });
}
