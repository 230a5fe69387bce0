import { usersEnsureDiscord } from '@acg/contracts';
import { isTradeRefusal, tradeRefusalText } from '@acg/i18n/server';
import { AppError, type Bus, type CacheNamespace, type Logger } from '@acg/platform';
import { type Interaction, invokerOf, ResponseType } from '../domain/interaction';
import { ephemeral, type Locale, type MessageData } from '../domain/replies';
import { tradesAct } from './contract';
import { markSettled } from './notify';
import { parseTradeButton, settledMessage, tradeTexts } from './texts';

export interface TradeClickDeps {
  bus: Bus;
  logger: Logger;
  /** The offer DMs' records (see notify.ts): a click that settled the trade marks its DM. */
  tradeRecords: CacheNamespace;
}

type Answer = { type: number; data: MessageData };

/**
 * A click on a trade DM's Accept or Decline button, performed as the clicking Discord user's
 * site account (auth.users.ensure-discord) through trades.act. Success updates the DM in place
 * (UPDATE_MESSAGE: the outcome added, buttons removed); a refusal is an ephemeral message with
 * the trades service's reason, or the spec's generic 'Ошибка выполнения действия'.
 * Returns undefined when the button is not a trade button.
 */
export async function tradeClick(
  deps: TradeClickDeps,
  interaction: Interaction,
  locale: Locale,
): Promise<Answer | undefined> {
  const button = parseTradeButton(interaction.data?.custom_id ?? '');
  if (!button) return undefined;
  const t = tradeTexts(locale);
  const who = invokerOf(interaction);
  const reply = (data: MessageData) => ({ type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data });
  if (!who) return reply(ephemeral(t.actionFailed));
  try {
    const { user } = await deps.bus.request(usersEnsureDiscord, {
      discordId: who.id,
      username: who.username,
      discriminator: who.discriminator ?? null,
      avatar: who.avatar ?? null,
    });
    const mark = (settled: boolean) =>
      markSettled(deps.tradeRecords, button.tradeId, settled).catch((err) =>
        deps.logger.warn({ err, tradeId: button.tradeId }, 'trade DM record not updated'),
      );
    // Before the action: its outcome event must find the DM already answered by this click.
    await mark(true);
    const { trade } = await deps.bus
      .request(tradesAct, { tradeId: button.tradeId, userId: user.id, action: button.action })
      .catch(async (err: unknown) => {
        // Refused or failed: the DM still needs the outcome event's update when one comes.
        await mark(false);
        throw err;
      });
    return {
      type: ResponseType.UPDATE_MESSAGE,
      data: settledMessage(locale, button.tradeId, trade.status, interaction.message?.content),
    };
  } catch (err) {
    // The trades service's refusals (not yours, no longer pending, cards gone) are worth showing.
    // They come with their reason (rules §34), so they read in the clicker's language.
    if (err instanceof AppError && err.status >= 400 && err.status < 500) {
      const details = err.details as Record<string, unknown> | undefined;
      const text = isTradeRefusal(details?.reason)
        ? tradeRefusalText(details.reason, locale, details)
        : err.message;
      return reply(ephemeral(text || t.actionFailed));
    }
    deps.logger.error({ err, tradeId: button.tradeId }, 'trade action from Discord failed');
    return reply(ephemeral(t.actionFailed));
  }
}
