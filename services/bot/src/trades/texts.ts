import { translatorFor } from '@acg/i18n/server';
import { discordInline } from '@acg/platform/escape';
import type { ActionRow, Locale, MessageData } from '../domain/replies';

/**
 * What a trade DM and its buttons say, in the user's language (requirements O's status names): the texts
 * are `server.bot.trade.*` of @acg/i18n (editable on the translations screen, rules §49). Names passed in
 * are already escaped for Discord markdown (see offerMessage and notify.ts).
 */
export const tradeTexts = (locale: Locale) => {
  const t = translatorFor(locale);
  const withId = (key: 'accepted' | 'declined' | 'cancelled' | 'expired' | 'pending') => (id: number) =>
    t(`bot.trade.${key}`, { id });
  return {
    offer: (from: string, id: number) => t('bot.trade.offer', { from, id }),
    youGet: t('bot.trade.youGet'),
    youGive: t('bot.trade.youGive'),
    nothing: t('bot.trade.nothing'),
    card: t('bot.trade.card'),
    note: t('bot.trade.note'),
    accept: t('bot.trade.accept'),
    decline: t('bot.trade.decline'),
    accepted: withId('accepted'),
    declined: withId('declined'),
    cancelled: withId('cancelled'),
    expired: withId('expired'),
    pending: withId('pending'),
    actionFailed: t('bot.trade.actionFailed'),
    senderAccepted: (to: string, id: number) => t('bot.trade.senderAccepted', { to, id }),
    senderDeclined: (to: string, id: number) => t('bot.trade.senderDeclined', { to, id }),
  };
};

/** A button's custom_id: `trade:<action>:<trade id>` (Discord allows 100 characters). */
export const tradeButtonId = (action: 'accept' | 'decline', tradeId: number) => `trade:${action}:${tradeId}`;
export function parseTradeButton(
  customId: string,
): { action: 'accept' | 'decline'; tradeId: number } | undefined {
  const match = /^trade:(accept|decline):(\d{1,15})$/.exec(customId);
  if (!match) return undefined;
  const tradeId = Number(match[2]);
  return tradeId > 0 ? { action: match[1] as 'accept' | 'decline', tradeId } : undefined;
}

export interface OfferItem {
  side: 'from' | 'to';
  quantity: number;
  characterName?: string;
}

/** The DM to a trade's recipient: who offers what for what, with Accept and Decline buttons. */
export function offerMessage(
  locale: Locale,
  trade: { id: number; fromName: string; items: OfferItem[]; description?: string | null },
): MessageData {
  const t = tradeTexts(locale);
  // Usernames, character names and the note are users' text: escaped, on one line each.
  const list = (side: 'from' | 'to') => {
    const items = trade.items.filter((i) => i.side === side);
    if (items.length === 0) return `- ${t.nothing}`;
    return items
      .map(
        (i) =>
          `- ${i.characterName ? discordInline(i.characterName) : t.card}${i.quantity > 1 ? ` ×${i.quantity}` : ''}`,
      )
      .join('\n');
  };
  const lines = [
    t.offer(discordInline(trade.fromName), trade.id),
    // The sender's items ('from') are what the recipient gets.
    `**${t.youGet}:**\n${list('from')}`,
    `**${t.youGive}:**\n${list('to')}`,
  ];
  if (trade.description) lines.push(`**${t.note}:** ${discordInline(trade.description.slice(0, 500))}`);
  const buttons: ActionRow = {
    type: 1,
    components: [
      { type: 2, style: 3, label: t.accept, custom_id: tradeButtonId('accept', trade.id) },
      { type: 2, style: 4, label: t.decline, custom_id: tradeButtonId('decline', trade.id) },
    ],
  };
  return { content: lines.join('\n\n').slice(0, 2000), components: [buttons] };
}

/** The DM once the trade left "pending": the offer stays, the buttons go, the outcome is added. */
export function settledMessage(
  locale: Locale,
  tradeId: number,
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired',
  previousContent: string | undefined,
): MessageData {
  const outcome = tradeTexts(locale)[status](tradeId);
  const content = previousContent ? `${previousContent}\n\n${outcome}` : outcome;
  return { content: content.slice(0, 2000), components: [] };
}
