import { likeResultSchema, likesSchema } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaries } from '../../db/schema';
import { card, eventually, identity, startInventory } from '../../test-support';

let h: Awaited<ReturnType<typeof startInventory>>;
beforeAll(async () => {
  h = await startInventory();
  await h.announceCards(card(1), card(2));
  // Likes need the card in inventory's read model, which the consumer fills asynchronously.
  await eventually(async () => (await h.database.db.select().from(cardSummaries)).length === 2);
});
afterAll(() => h?.close());

const like = (cardId: number, userId: number) =>
  fetch(`${h.service.url}/api/cards/${cardId}/like`, { method: 'POST', headers: identity(userId) });

describe('likes', () => {
  it('counts a like once and answers a repeat with 409, success false and the unchanged count', async () => {
    const first = await like(1, 10);
    expect(first.status).toBe(200);
    expect(likeResultSchema.parse(await first.json())).toEqual({ success: true, likes: 1 });
    const again = await like(1, 10);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, likes: 1, error: expect.any(String) });
    const other = await like(1, 11);
    expect((await other.json()).likes).toBe(2);
    const res = await h.service.app.inject({ url: '/api/cards/1/likes', headers: identity(10) });
    expect(likesSchema.parse(res.json())).toEqual({ likes: 2, liked: true });
    expect((await h.service.app.inject({ url: '/api/cards/1/likes', headers: identity(99) })).json()).toEqual(
      {
        likes: 2,
        liked: false,
      },
    );
  });

  it('ends 100 concurrent likes of one card by one user with exactly one like', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => like(2, 20)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.every((b) => b.likes === 1)).toBe(true);
    const count = await h.service.app.inject({ url: '/api/cards/2/likes', headers: identity(20) });
    expect(count.json().likes).toBe(1);
  });

  it('refuses unknown cards, garbage ids and anonymous callers', async () => {
    expect((await like(999, 10)).status).toBe(404);
    expect((await like(Number.NaN, 10)).status).toBe(400);
    const anonymous = await fetch(`${h.service.url}/api/cards/1/like`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});
