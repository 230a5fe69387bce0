import { usersGet, wishAlerted } from '@acg/contracts';
import { localize } from '@acg/i18n';
import { translatorFor } from '@acg/i18n/server';
import type { Bus, Cache, CacheNamespace, Logger, Subscription } from '@acg/platform';
import { discordInline } from '@acg/platform/escape';
import { type DiscordBotRest, DiscordRefusal } from '../discord/rest';
import { type Locale, localeOf, type MessageData } from '../domain/replies';

export interface WishNoticeDeps {
  bus: Bus;
  cache: Cache;
  rest: DiscordBotRest;
  logger: Logger;
  /** The site's address, for the link to the fan's wishlist. */
  publicUrl: string;
}

/** A sent alert is remembered this long (the outbox relay redelivers within minutes). */
const SENT_TTL_SECONDS = 7 * 24 * 3600;
export const wishDmRecords = (cache: Cache) => cache.namespace('wish-dms', { state: true });

type Alert = ReturnType<typeof wishAlerted.data.parse>;

/** The DM of a wish alert (`server.bot.wish.*`); the character's name is escaped for Discord markdown. */
export function wishMessage(locale: Locale, alert: Alert, publicUrl: string): MessageData {
  const t = translatorFor(locale);
  const name = discordInline(
    localize(alert.characterNames, locale, alert.characterName) ?? alert.characterName,
  );
  const line =
    alert.reason === 'trade'
      ? t('bot.wish.trade', { name, id: alert.tradeId ?? 0 })
      : t('bot.wish.drop', { name });
  const link = alert.reason === 'trade' ? `${publicUrl}/trade` : `${publicUrl}/profile`;
  return { content: `${line}\n${t('bot.wish.mute', { link })}` };
}

/** A fan's DM channel is Discord's same one every time: kept a day, so a busy fan costs one post per DM. */
const CHANNEL_TTL_SECONDS = 24 * 3600;

/** The fan's DM channel and the language they chose on the site (asked each time: it may change). */
async function dmOf(deps: WishNoticeDeps, records: CacheNamespace, userId: number) {
  const { users } = await deps.bus.request(usersGet, { ids: [userId] });
  const fan = users.find((u) => u.id === userId);
  if (!fan?.discordId) return undefined;
  const locale = localeOf(fan.language);
  const key = `channel:${userId}`;
  const known = await records.get<string>(key);
  if (known) return { channelId: known, locale };
  const channel = await deps.rest.openDm(fan.discordId);
  await records.set(key, channel.id, CHANNEL_TTL_SECONDS);
  return { channelId: channel.id, locale };
}

async function sendAlert(deps: WishNoticeDeps, records: CacheNamespace, alert: Alert): Promise<void> {
  const dm = await dmOf(deps, records, alert.userId);
  if (!dm) return deps.logger.warn({ userId: alert.userId }, 'wished fan has no Discord account; no DM');
  await deps.rest.post(dm.channelId, wishMessage(dm.locale, alert, deps.publicUrl));
}

/**
 * wish.alerted → a Discord DM to the fan, when inventory marked the alert `dm` (the fan allows
 * DMs and had none about this character in the hour: docs/rules.md §67). Each alert is sent once:
 * its id is claimed in the `wish-dms` records before sending (set-if-absent, so two replicas
 * cannot both send) and the claim is given back when the send fails, so the redelivery retries
 * it. A fan who does not take DMs (Discord's 403) is logged and skipped.
 */
export function consumeWishNotices(deps: WishNoticeDeps): Promise<Subscription> {
  const records = wishDmRecords(deps.cache);
  return deps.bus.consume({
    durable: 'bot-wish-dms',
    types: [wishAlerted.type],
    handler: async (event) => {
      const parsed = wishAlerted.data.safeParse(event.data);
      if (!parsed.success)
        return deps.logger.warn({ eventId: event.id }, 'wish.alerted with unreadable data skipped');
      const alert = parsed.data;
      if (!alert.dm) return;
      const key = String(alert.alertId);
      if (!(await records.add(key, true, SENT_TTL_SECONDS))) return;
      try {
        await sendAlert(deps, records, alert);
      } catch (err) {
        if (err instanceof DiscordRefusal) {
          deps.logger.warn({ eventId: event.id, status: err.status }, 'wish DM refused by Discord');
          return;
        }
        await records.delete(key);
        throw err;
      }
    },
  });
}
