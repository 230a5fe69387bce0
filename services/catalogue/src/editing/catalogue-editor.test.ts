import {
  cardCreated,
  cardDeleted,
  cardSummarySchema,
  cardUpdated,
  homeStatsSchema,
  usersCount,
} from '@acg/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, outbox, ranks, seasons } from '../db/schema';
import { type CatalogueHarness, startCatalogue } from '../test/harness';

let h: CatalogueHarness;
beforeAll(async () => {
  h = await startCatalogue({ STATS_CACHE_SECONDS: '60' });
});
afterAll(() => h?.close());

/** The outbox's event ids now, to tell the events an edit writes from the earlier ones. */
const outboxMark = async () =>
  new Set((await h.database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
/** Events written since `mark`, oldest first (an edit's own events in card id order). */
const eventsAfter = async (mark: Set<string>) => {
  const rows = await h.database.db
    .select({ id: outbox.id, type: outbox.type, data: outbox.data, occurredAt: outbox.occurredAt })
    .from(outbox)
    .orderBy(outbox.occurredAt);
  const cardId = (data: unknown) => (data as { id: number }).id;
  return rows
    .filter((r) => !mark.has(r.id))
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || cardId(a.data) - cardId(b.data))
    .map(({ type, data }) => ({ type, data }));
};
const outboxSize = async () => (await h.database.db.select({ n: count() }).from(outbox))[0]!.n;

describe('catalogue edits announce card events through the outbox', () => {
  it('card.created, card.updated and card.deleted with the card summary', async () => {
    const mark = await outboxMark();
    const stark = await h.characterId('Stark');
    const card = await h.editor.createCard({
      characterId: stark,
      rankCode: 'SSS',
      limited: false,
      rarityScore: 97,
    });
    const updated = await h.editor.updateCard(card.id, { imageUrl: 'data:image/png;base64,AAAA' });
    await h.editor.deleteCard(card.id);
    const events = await eventsAfter(mark);
    expect(events.map((e) => e.type)).toEqual([cardCreated.type, cardUpdated.type, cardDeleted.type]);
    expect(cardSummarySchema.parse(events[0]!.data)).toEqual(card);
    expect(card).toMatchObject({ characterName: 'Stark', rankCode: 'SSS', rarityScore: 97 });
    expect(cardSummarySchema.parse(events[1]!.data)).toEqual(updated);
    expect(updated.version).not.toBe(card.version);
    expect(events[2]!.data).toEqual({ id: card.id });
  });

  it('a character edit updates each of its cards; one that changes nothing says nothing', async () => {
    const yor = await h.characterId('Yor Forger');
    const yorCards = await h.cardIdsOf('Yor Forger');
    let mark = await outboxMark();
    await h.editor.updateCharacter(yor, { name: 'Yor Briar' });
    const events = await eventsAfter(mark);
    expect(events.map((e) => e.type)).toEqual(yorCards.map(() => cardUpdated.type));
    const summaries = events.map((e) => cardSummarySchema.parse(e.data));
    expect(summaries.map((s) => s.id)).toEqual(yorCards);
    expect(summaries.every((s) => s.characterName === 'Yor Briar')).toBe(true);
    mark = await outboxMark();
    await h.editor.updateCharacter(yor, { name: 'Yor Briar' });
    await h.editor.updateCharacter(yor, { description: 'Only the description changed.' });
    expect(await eventsAfter(mark)).toEqual([]);
  });

  it('a rank edit updates every card of that rank', async () => {
    const [rankA] = await h.database.db.select({ id: ranks.id }).from(ranks).where(eq(ranks.code, 'A'));
    const [{ n } = { n: 0 }] = await h.database.db
      .select({ n: count() })
      .from(cards)
      .where(eq(cards.rankId, rankA!.id));
    const mark = await outboxMark();
    await h.editor.updateRank('A', { title: 'Heroic', color: '#ff8800' });
    const events = await eventsAfter(mark);
    expect(events).toHaveLength(n);
    expect(n).toBeGreaterThan(5);
    for (const e of events) {
      expect(e.type).toBe(cardUpdated.type);
      expect(cardSummarySchema.parse(e.data)).toMatchObject({
        rankCode: 'A',
        rankTitle: 'Heroic',
        rankColor: '#ff8800',
      });
    }
  });

  it('deleting a character deletes its cards and announces each', async () => {
    const dimple = await h.characterId('Dimple');
    const dimpleCards = await h.cardIdsOf('Dimple');
    const mark = await outboxMark();
    await h.editor.deleteCharacter(dimple);
    expect(await eventsAfter(mark)).toEqual(
      dimpleCards.map((id) => ({ type: cardDeleted.type, data: { id } })),
    );
    expect(await h.cardIdsOf('Dimple')).toEqual([]);
  });

  it('refuses edits of what does not exist, duplicates and impossible seasons, writing nothing', async () => {
    const mark = await outboxMark();
    const heiter = await h.characterId('Heiter');
    await expect(h.editor.updateCard(999_999, { limited: true })).rejects.toMatchObject({ status: 404 });
    await expect(h.editor.deleteCharacter(999_999)).rejects.toMatchObject({ status: 404 });
    await expect(h.editor.createCard({ characterId: heiter, rankCode: 'ZZ' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(h.editor.createCard({ characterId: 999_999, rankCode: 'E' })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    await expect(
      h.editor.updateCharacter(heiter, { shikimoriId: 184947 /* Frieren's */ }),
    ).rejects.toMatchObject({ status: 409, code: 'conflict' });
    const [season] = await h.database.db.select({ id: seasons.id }).from(seasons).limit(1);
    await expect(
      h.editor.updateSeason(season!.id, { startDate: '2030-02-01', endDate: '2030-01-01' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await outboxSize()).toBe(mark.size);
  });

  it('drops the cached home counts on a new or deleted card', async () => {
    const served = h.bus.serve(usersCount, async () => ({ count: 2 }));
    try {
      const stats = async () => homeStatsSchema.parse((await h.get('/api/stats')).json());
      const before = await stats();
      const card = await h.editor.createCard({ characterId: await h.characterId('Eisen'), rankCode: 'B' });
      expect((await stats()).cards).toBe(before.cards + 1);
      await h.editor.deleteCard(card.id);
      expect((await stats()).cards).toBe(before.cards);
      expect((await stats()).users).toBe(2);
    } finally {
      await served.stop();
    }
  });
});
