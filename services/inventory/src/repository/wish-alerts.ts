import { type WishAlertReason, wishAlerted } from '@acg/contracts';
import type { StoredTexts } from '@acg/i18n';
import { makeEvent, type Tx } from '@acg/platform';
import { inArray, sql } from 'drizzle-orm';
import { cardSummaries, outbox, wishAlerts, wishes, wishSettings } from '../db/schema';

/** At most one DM per fan and character in this window (docs/rules.md §67). */
export const DM_WINDOW = '1 hour';

/** What set the alert off: the event, the card, and the drop's entry or the trade. */
export interface AlertSource {
  eventId: string;
  reason: WishAlertReason;
  cardId: number;
  characterId: number;
  tradeId?: number;
  entryId?: number;
}

interface CardFacts {
  id: number;
  characterId: number;
  characterName: string | null;
  characterNames: StoredTexts;
}

/** The characters of these cards (cards inventory has not heard of, or without a character, are left out). */
export async function charactersOf(tx: Tx, cardIds: readonly number[]): Promise<Map<number, CardFacts>> {
  if (cardIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: cardSummaries.id,
      characterId: cardSummaries.characterId,
      characterName: cardSummaries.characterName,
      characterNames: cardSummaries.characterNames,
    })
    .from(cardSummaries)
    .where(inArray(cardSummaries.id, [...cardIds]));
  return new Map(
    rows.flatMap((r) =>
      r.characterId === null ? [] : [[r.id, { ...r, characterId: r.characterId }] as const],
    ),
  );
}

/**
 * Records the alerts of one source event for the fans `userIds` who wish its character (or, with
 * `except`, every wisher but that user), and enqueues one wish.alerted per alert recorded. The
 * unique index on (source event, fan, character) makes a second pass over the same event record
 * and send nothing. The character's wish rows are locked (in the same statement), so alerts about one character
 * are decided one event at a time: the hourly DM limit cannot be passed by two events at once.
 * An alert goes on as a DM when the fan allows DMs and had none about the character in the hour.
 */
export async function recordAlerts(
  tx: Tx,
  source: AlertSource,
  card: CardFacts,
  who: { only: number } | { except: number },
): Promise<number> {
  const whoSql = 'only' in who ? sql`w.user_id = ${who.only}` : sql`w.user_id <> ${who.except}`;
  const inserted = await tx.execute<{ id: number; user_id: number; dm: boolean }>(sql`
    with wishers as (
      select w.user_id, w.character_id from ${wishes} w
      where w.character_id = ${source.characterId} and ${whoSql}
      order by w.user_id for update
    )
    insert into ${wishAlerts} (source_event_id, user_id, character_id, card_id, reason, trade_id, entry_id, dm)
    select ${source.eventId}, w.user_id, w.character_id, ${source.cardId}, ${source.reason},
      ${source.tradeId ?? null}::int, ${source.entryId ?? null}::int,
      coalesce(ws.dm, true) and not exists (
        select 1 from ${wishAlerts} a
        where a.user_id = w.user_id and a.character_id = w.character_id and a.dm
          and a.created_at > now() - ${DM_WINDOW}::interval)
    from wishers w left join ${wishSettings} ws on ws.user_id = w.user_id
    on conflict (source_event_id, user_id, character_id) do nothing
    returning id, user_id, dm`);
  if (inserted.rows.length === 0) return 0;
  const events = inserted.rows.map((row) =>
    makeEvent(wishAlerted, {
      alertId: row.id,
      userId: row.user_id,
      characterId: source.characterId,
      cardId: source.cardId,
      reason: source.reason,
      ...(source.tradeId === undefined ? {} : { tradeId: source.tradeId }),
      ...(source.entryId === undefined ? {} : { entryId: source.entryId }),
      characterName: card.characterName ?? `#${source.characterId}`,
      characterNames: card.characterNames,
      dm: row.dm,
    }),
  );
  // One insert for all of them (a drop of a much-wished character alerts many fans at once).
  await tx.insert(outbox).values(
    events.map((e) => ({
      id: e.id,
      type: e.type,
      version: e.version,
      occurredAt: new Date(e.occurredAt),
      data: e.data,
    })),
  );
  return inserted.rows.length;
}
