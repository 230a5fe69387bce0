import { usersGet } from '@acg/contracts';
import type { Bus, Cache, CacheNamespace, Logger, Subscription } from '@acg/platform';
import { discordInline } from '@acg/platform/escape';
import { type DiscordBotRest, DiscordRefusal } from '../discord/rest';
import { type Locale, localeOf } from '../domain/replies';
import { tradeCreated, tradeOutcomes } from './contract';
import { offerMessage, settledMessage, tradeTexts } from './texts';

export interface TradeNoticeDeps {
  bus: Bus;
  cache: Cache;
  rest: DiscordBotRest;
  logger: Logger;
}

/** Records live a week (trades expire after 7 days by default). */
const RECORD_TTL_SECONDS = 7 * 24 * 3600;

/** The offer DM of a trade, kept so outcomes can update it and redeliveries send nothing twice. */
export interface OfferRecord {
  channelId: string;
  messageId: string;
  content: string;
  /** The DM already shows the outcome (a click in Discord updated it). */
  settled?: boolean;
  /** The language the offer was written in (the recipient's on the site); absent in older records: English. */
  locale?: Locale;
}
export const offerRecords = (cache: Cache) => cache.namespace('trade-dms', { state: true });

/**
 * Marks the offer DM settled (`settled` true) because a click is about to update it, so the
 * outcome event leaves it alone; or back (false) when the click's action was refused. The click
 * marks it before it acts: the outcome event can only follow the action, so it always sees the
 * mark (marking after the action raced the event, which then overwrote the click's answer).
 */
export async function markSettled(records: CacheNamespace, tradeId: number, settled = true): Promise<void> {
  const record = (await records.get(String(tradeId))) as OfferRecord | undefined;
  if (record) await records.set(String(tradeId), { ...record, settled }, RECORD_TTL_SECONDS);
}

type Outcome = keyof typeof tradeOutcomes;
const outcomeOf = (type: string) =>
  (Object.keys(tradeOutcomes) as Outcome[]).find((k) => tradeOutcomes[k].type === type);

type Member = {
  id: number;
  username: string;
  displayName?: string | null;
  discordId?: string | null;
  /** The language the member chose on the site: their DMs are written in it. */
  language?: string;
};

/** The members of a trade, read from auth (which has their Discord ids). */
async function partiesOf(deps: TradeNoticeDeps, trade: { fromUserId: number; toUserId: number }) {
  const { users } = await deps.bus.request(usersGet, { ids: [trade.fromUserId, trade.toUserId] });
  const find = (id: number) => users.find((u) => u.id === id) as Member | undefined;
  return { sender: find(trade.fromUserId), recipient: find(trade.toUserId) };
}

/** How a member is named in a DM: their display name, else their handle, else their id (rules §51). */
const nameOf = (member: Member | undefined, id: number) =>
  member?.displayName || member?.username || `#${id}`;

/** trade.created: the recipient's offer DM with Accept and Decline, recorded so it is sent once. */
async function offerCreated(deps: TradeNoticeDeps, records: CacheNamespace, data: unknown, eventId: string) {
  const parsed = tradeCreated.data.safeParse(data);
  if (!parsed.success) return deps.logger.warn({ eventId }, 'trade.created with unreadable data skipped');
  const trade = parsed.data;
  if (await records.get(String(trade.id))) return;
  const { sender, recipient } = await partiesOf(deps, trade);
  if (!recipient?.discordId)
    return deps.logger.warn({ tradeId: trade.id }, 'trade recipient has no Discord account; no DM');
  const channel = await deps.rest.openDm(recipient.discordId);
  const locale = localeOf(recipient.language);
  const offer = offerMessage(locale, {
    id: trade.id,
    fromName: nameOf(sender, trade.fromUserId),
    items: trade.items,
    description: trade.description,
  });
  const message = await deps.rest.post(channel.id, offer);
  const record: OfferRecord = {
    channelId: channel.id,
    messageId: message.id,
    content: offer.content ?? '',
    locale,
  };
  await records.set(String(trade.id), record, RECORD_TTL_SECONDS);
}

/**
 * An outcome: the offer DM loses its buttons (unless a click already settled it), and the sender
 * hears that the recipient accepted or declined, once.
 */
async function offerSettled(
  deps: TradeNoticeDeps,
  records: CacheNamespace,
  outcome: Outcome,
  data: unknown,
  eventId: string,
) {
  const parsed = tradeOutcomes[outcome].data.safeParse(data);
  if (!parsed.success) return deps.logger.warn({ eventId }, `trade.${outcome} with unreadable data skipped`);
  const trade = parsed.data;
  const key = String(trade.id);
  const record = (await records.get(key)) as OfferRecord | undefined;
  if (record && !record.settled) {
    await deps.rest.edit(
      record.channelId,
      record.messageId,
      settledMessage(record.locale ?? 'en', trade.id, outcome, record.content),
    );
    await records.set(key, { ...record, settled: true }, RECORD_TTL_SECONDS);
  }
  if (outcome === 'cancelled') return;
  const noticeKey = `${trade.id}:${outcome}`;
  if (await records.get(noticeKey)) return;
  const { sender, recipient } = await partiesOf(deps, trade);
  if (!sender?.discordId) return;
  const t = tradeTexts(localeOf(sender.language));
  const name = discordInline(nameOf(recipient, trade.toUserId));
  const channel = await deps.rest.openDm(sender.discordId);
  await deps.rest.post(channel.id, {
    content: outcome === 'accepted' ? t.senderAccepted(name, trade.id) : t.senderDeclined(name, trade.id),
  });
  await records.set(noticeKey, true, RECORD_TTL_SECONDS);
}

/**
 * Consumes trade events for Discord:
 * - trade.created: the recipient gets a DM about the offer with Accept and Decline buttons (both
 *   users from auth.users.get, which has their Discord ids).
 * - trade.accepted / declined / cancelled: the offer DM loses its buttons and shows the outcome
 *   (unless a click already did), and the sender hears that the recipient accepted or declined.
 * Each notice is sent once (records in the `trade-dms` namespace). Discord's 429/5xx are retried
 * by the REST client, then by the bus's redelivery; a user who does not accept DMs (403) or has
 * no Discord account is logged and skipped, as there is nothing to retry.
 */
export function consumeTradeNotices(deps: TradeNoticeDeps): Promise<Subscription> {
  const records = offerRecords(deps.cache);
  return deps.bus.consume({
    durable: 'bot-trade-dms',
    types: [tradeCreated.type, ...Object.values(tradeOutcomes).map((e) => e.type)],
    handler: async (event) => {
      try {
        const outcome = outcomeOf(event.type);
        if (outcome) await offerSettled(deps, records, outcome, event.data, event.id);
        else await offerCreated(deps, records, event.data, event.id);
      } catch (err) {
        if (err instanceof DiscordRefusal) {
          deps.logger.warn(
            { eventId: event.id, status: err.status, code: err.code },
            'trade DM refused by Discord',
          );
          return;
        }
        throw err;
      }
    },
  });
}
