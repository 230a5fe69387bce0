import { type EventEnvelope, NEWS_EVENT_TYPES } from '@acg/contracts';
import { z } from 'zod';

/**
 * Which bus events reach which browsers, and what of them (docs/rules.md §35). Only events
 * about a user go to that user, and only the fields the page needs: ids to re-read by, never
 * another user's data. The schemas are this consumer's own small copies of the events
 * (conventions: consumers parse what they need and tolerate the rest).
 */
export const TRADE_EVENT_TYPES = [
  'trade.created',
  'trade.accepted',
  'trade.declined',
  'trade.cancelled',
  'trade.expired',
] as const;
/** The bot's drop (and any other grant) lands in the owner's inventory. */
export const INVENTORY_GRANTED = 'inventory.granted';
/** A card of a character the user wishes was dropped or offered to them (rules §67). */
export const WISH_ALERTED = 'wish.alerted';
export const LIVE_EVENT_TYPES: readonly string[] = [
  ...TRADE_EVENT_TYPES,
  INVENTORY_GRANTED,
  WISH_ALERTED,
  ...NEWS_EVENT_TYPES,
];
/** An event every open page gets (news changed: the pages showing news re-read them). */
export const EVERYONE = 'everyone';

const id = z.number().int().positive();
const tradeData = z.object({ id, fromUserId: id, toUserId: id, status: z.string().optional() });
const grantData = z.object({
  userId: id,
  cardId: id,
  entryId: id,
  quantity: z.number().int().optional(),
  source: z.string().optional(),
});

/** One event as the live stream sends it: to whom, and the data the browser sees. */
export interface LiveEvent {
  /** The envelope id: the SSE `id:` line, what Last-Event-ID names on a reconnect. */
  id: string;
  type: string;
  occurredAt: string;
  userIds: readonly number[] | typeof EVERYONE;
  data: Record<string, unknown>;
}

const newsData = z.object({ id, published: z.boolean() });
const wishData = z.object({
  userId: id,
  characterId: id,
  cardId: id,
  reason: z.enum(['drop', 'trade']),
  tradeId: id.optional(),
  characterName: z.string(),
  characterNames: z.record(z.string(), z.string()).optional(),
});

/** wish.alerted for the fan's page: which character, which card, why, and the character's names. */
function wishLiveEvent(event: EventEnvelope): Omit<LiveEvent, 'id' | 'type' | 'occurredAt'> | undefined {
  const parsed = wishData.safeParse(event.data);
  if (!parsed.success) return undefined;
  const { userId, ...data } = parsed.data;
  return { userIds: [userId], data };
}

/** The live form of a bus event, or undefined when it is not for the live stream or unreadable. */
export function liveEventOf(event: EventEnvelope): LiveEvent | undefined {
  const base = { id: event.id, type: event.type, occurredAt: event.occurredAt };
  if ((TRADE_EVENT_TYPES as readonly string[]).includes(event.type)) {
    const parsed = tradeData.safeParse(event.data);
    if (!parsed.success) return undefined;
    const { id: tradeId, fromUserId, toUserId } = parsed.data;
    const status = parsed.data.status ?? event.type.slice('trade.'.length);
    return {
      ...base,
      userIds: fromUserId === toUserId ? [fromUserId] : [fromUserId, toUserId],
      data: { tradeId, fromUserId, toUserId, status },
    };
  }
  if (event.type === INVENTORY_GRANTED) {
    const parsed = grantData.safeParse(event.data);
    if (!parsed.success) return undefined;
    const { userId, cardId, entryId, quantity, source } = parsed.data;
    return {
      ...base,
      userIds: [userId],
      data: { cardId, entryId, quantity: quantity ?? 1, source: source ?? 'drop' },
    };
  }
  if (event.type === WISH_ALERTED) {
    const wish = wishLiveEvent(event);
    return wish && { ...base, ...wish };
  }
  if ((NEWS_EVENT_TYPES as readonly string[]).includes(event.type)) {
    const parsed = newsData.safeParse(event.data);
    if (!parsed.success) return undefined;
    return { ...base, userIds: EVERYONE, data: { newsId: parsed.data.id, published: parsed.data.published } };
  }
  return undefined;
}

/** Whether a live event goes to this user's streams. */
export const isFor = (event: LiveEvent, userId: number): boolean =>
  event.userIds === EVERYONE || event.userIds.includes(userId);

/** The SSE frame of an event (data is one JSON line, so no field needs splitting). */
export const sseFrame = (event: LiveEvent): string =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event.data, occurredAt: event.occurredAt })}\n\n`;
