import { cardDeleted, cardLiked, likeResultSchema, likesSchema } from '@acg/contracts';
import { makeEvent } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries } from '../../db/schema';
import { asUser, card, type InventoryHarness, startInventoryHarness, waitFor } from '../../test/harness';

let h: InventoryHarness;
beforeAll(async () => {
  h = await startInventoryHarness();
  await h.announceCards(card(1), card(2), card(3), card(4));
});
afterAll(() => h?.close());

const like = (cardId: number | string, userId: number) =>
  h.fetch(`/api/cards/${cardId}/like`, { method: 'POST', headers: asUser(userId) });
const likesOf = async (cardId: number, userId: number) => {
  const res = await h.fetch(`/api/cards/${cardId}/likes`, { headers: asUser(userId) });
  expect(res.status).toBe(200);
  return likesSchema.parse(await res.json());
};

describe('POST /api/cards/{cardId}/like and GET /api/cards/{cardId}/likes', () => {
  it('counts a like once and answers a repeat with 409, success false and the unchanged count', async () => {
    expect(await likesOf(1, 10)).toEqual({ likes: 0, liked: false, printed: 0 });
    const first = await like(1, 10);
    expect(first.status).toBe(200);
    expect(likeResultSchema.parse(await first.json())).toEqual({ success: true, likes: 1 });

    const again = await like(1, 10);
    expect(again.status).toBe(409);
    const refused = likeResultSchema.parse(await again.json());
    expect(refused).toEqual({ success: false, likes: 1, error: 'You have already liked this card' });
    // In the caller's language too (docs/rules.md, refusals).
    const russian = await h.fetch('/api/cards/1/like', { method: 'POST', headers: asUser(10, 0, 'ru') });
    expect(await russian.json()).toMatchObject({ error: 'Вы уже поставили лайк этой карточке' });

    expect(likeResultSchema.parse(await (await like(1, 11)).json())).toEqual({ success: true, likes: 2 });
    expect(await likesOf(1, 10)).toEqual({ likes: 2, liked: true, printed: 0 });
    expect(await likesOf(1, 99)).toEqual({ likes: 2, liked: false, printed: 0 });
    expect(await h.outboxEvents(cardLiked.type)).toEqual([
      { cardId: 1, userId: 10, likes: 1 },
      { cardId: 1, userId: 11, likes: 2 },
    ]);
  });

  it('ends 100 concurrent likes of one card by one user with exactly one like and 99 answers of 409', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => like(2, 20)));
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map(async (r) => likeResultSchema.parse(await r.json())));
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(bodies.filter((b) => b.success)).toHaveLength(1);
    expect(bodies.every((b) => b.likes === 1)).toBe(true);
    expect(await likesOf(2, 20)).toEqual({ likes: 1, liked: true, printed: 0 });
    expect(await h.outboxEvents(cardLiked.type)).toContainEqual({ cardId: 2, userId: 20, likes: 1 });
    expect(
      (await h.outboxEvents(cardLiked.type)).filter((e) => (e as { cardId: number }).cardId === 2),
    ).toHaveLength(1);
  });

  it('counts 50 concurrent likes of one card by 50 users as 50', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => like(3, 100 + i)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await likesOf(3, 100)).toEqual({ likes: 50, liked: true, printed: 0 });
  });

  it('likes a card catalogue knows whose event has not arrived yet, and keeps its summary', async () => {
    h.catalogue.set(50, card(50, { characterName: 'Stark' }));
    const res = await like(50, 10);
    expect(res.status).toBe(200);
    expect(likeResultSchema.parse(await res.json())).toEqual({ success: true, likes: 1 });
    const [row] = await h.database.db.select().from(cardSummaries).where(eq(cardSummaries.id, 50));
    expect(row?.characterName).toBe('Stark');
  });

  it('answers 404 for a card nobody knows and for a deleted card, 503 when catalogue cannot tell', async () => {
    const unknown = await like(999, 10);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'Card not found' });
    const russian = await h.fetch('/api/cards/999/like', { method: 'POST', headers: asUser(10, 0, 'ru') });
    expect(await russian.json()).toMatchObject({ error: 'Карточка не найдена' });

    await h.bus.publish(makeEvent(cardDeleted, { id: 4 }));
    await waitFor(async () => {
      const [row] = await h.database.db.select().from(cardSummaries).where(eq(cardSummaries.id, 4));
      return row?.deleted === true;
    }, 'card 4 deleted');
    expect((await like(4, 10)).status).toBe(404);

    await h.catalogueDown();
    try {
      expect((await like(777, 10)).status).toBe(503);
      expect((await like(1, 12)).status).toBe(200); // a known card needs no catalogue
    } finally {
      h.catalogueUp();
    }
    expect(await likesOf(777, 10)).toEqual({ likes: 0, liked: false, printed: 0 });
  });

  it('refuses garbage card ids with 400 and anonymous callers with 401', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      expect((await like(id, 10)).status, `POST like ${id}`).toBe(400);
      expect((await h.fetch(`/api/cards/${id}/likes`, { headers: asUser(10) })).status, `GET ${id}`).toBe(
        400,
      );
    }
    expect((await h.fetch('/api/cards/1/like', { method: 'POST' })).status).toBe(401);
    expect((await h.fetch('/api/cards/1/likes')).status).toBe(401);
  });
});
