import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@acg/contracts';
import { createLogger } from '@acg/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEventOf } from './live-events';
import { type LiveCloseReason, type LiveConnection, LiveHub } from './live-hub';

const envelope = (type: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  version: 1,
  data,
});
const offer = (id: number, from: number, to: number) =>
  envelope('trade.created', { id, fromUserId: from, toUserId: to });

function connection(userId: number, sessionId = `s${userId}`) {
  const frames: string[] = [];
  const closed: LiveCloseReason[] = [];
  const c: LiveConnection = { userId, sessionId, send: (f) => frames.push(f), close: (r) => closed.push(r) };
  return Object.assign(c, { frames, closed });
}

const hub = (over: Partial<ConstructorParameters<typeof LiveHub>[0]> = {}) =>
  new LiveHub({
    logger: createLogger('t', 'silent'),
    replayMax: 100,
    replayMs: 60_000,
    maxPerUser: 3,
    ...over,
  });

afterEach(() => vi.useRealTimers());

describe('liveEventOf', () => {
  it('keeps only what the page needs of a trade event, for its two parties', () => {
    const event = liveEventOf(
      envelope('trade.accepted', {
        id: 5,
        fromUserId: 1,
        toUserId: 2,
        status: 'accepted',
        by: 2,
        items: [{ x: 1 }],
      }),
    );
    expect(event?.userIds).toEqual([1, 2]);
    expect(event?.data).toEqual({ tradeId: 5, fromUserId: 1, toUserId: 2, status: 'accepted' });
  });

  it('sends a grant to its owner only, and ignores other or malformed events', () => {
    expect(
      liveEventOf(envelope('inventory.granted', { userId: 4, cardId: 1, entryId: 2, source: 'drop' }))
        ?.userIds,
    ).toEqual([4]);
    expect(liveEventOf(envelope('user.created', { userId: 4 }))).toBeUndefined();
    expect(liveEventOf(envelope('trade.created', { id: 'x', fromUserId: 1, toUserId: 2 }))).toBeUndefined();
    expect(liveEventOf(envelope('inventory.granted', { cardId: 1 }))).toBeUndefined();
  });

  it('sends a wish alert to the wishing fan only, without the DM decision', () => {
    const event = liveEventOf(
      envelope('wish.alerted', {
        alertId: 9,
        userId: 7,
        characterId: 500,
        cardId: 1,
        reason: 'drop',
        entryId: 3,
        characterName: 'Frieren',
        characterNames: { en: 'Frieren', ru: 'Фрирен' },
        dm: true,
      }),
    );
    expect(event?.userIds).toEqual([7]);
    expect(event?.data).toEqual({
      characterId: 500,
      cardId: 1,
      reason: 'drop',
      characterName: 'Frieren',
      characterNames: { en: 'Frieren', ru: 'Фрирен' },
    });
    expect(liveEventOf(envelope('wish.alerted', { userId: 7, reason: 'gift' }))).toBeUndefined();
  });
});

describe('LiveHub', () => {
  it('replays only within its size and age windows', () => {
    vi.useFakeTimers();
    const h = hub({ replayMax: 3, replayMs: 1000 });
    const events = [1, 2, 3, 4].map((n) => offer(n, 1, 2));
    for (const e of events) h.publish(e);
    // The first fell out of the size window; the second is the oldest known.
    expect(h.replay(2, events[0]!.id)).toBeUndefined();
    expect(h.replay(2, events[1]!.id)?.map((e) => e.id)).toEqual([events[2]!.id, events[3]!.id]);
    expect(h.replay(3, events[1]!.id)).toEqual([]);
    vi.advanceTimersByTime(1001);
    expect(h.replay(2, events[3]!.id)).toBeUndefined();
  });

  it('closes the oldest stream beyond the per-user limit and the streams of a signed-out session', () => {
    const h = hub({ maxPerUser: 2 });
    const [a, b, c] = [connection(1, 'x'), connection(1, 'y'), connection(1, 'y')];
    h.add(a);
    h.add(b);
    h.add(c);
    expect(a.closed).toEqual(['replaced']);
    expect(h.count(1)).toBe(2);
    h.closeSession('y');
    expect([b.closed, c.closed]).toEqual([['signed-out'], ['signed-out']]);
    expect(h.count()).toBe(0);
  });

  it('writes an event once to each stream of each party, even when published twice', () => {
    const h = hub();
    const [one, two, other] = [connection(1), connection(2), connection(3)];
    for (const c of [one, two, other]) h.add(c);
    const e = offer(9, 1, 2);
    h.publish(e);
    h.publish(e);
    expect([one.frames.length, two.frames.length, other.frames.length]).toEqual([1, 1, 0]);
    expect(one.frames[0]).toMatch(new RegExp(`^id: ${e.id}\\nevent: trade.created\\ndata: \\{"tradeId":9,`));
  });
});

describe('news on the live stream (issue 28)', () => {
  it('tells every open page that news changed, with the id and nothing of the text', () => {
    const h = hub();
    const [one, two] = [connection(1), connection(2)];
    h.add(one);
    h.add(two);
    const e = envelope('news.created', { id: 7, published: true, title: 'secret draft title' });
    h.publish(e);
    expect([one.frames.length, two.frames.length]).toEqual([1, 1]);
    expect(one.frames[0]).toMatch(
      /^id: .+\nevent: news\.created\ndata: \{"newsId":7,"published":true,"occurredAt":/,
    );
    expect(one.frames[0]).not.toContain('secret');
    // A page that reconnects gets it too.
    const before = offer(1, 5, 6);
    const h2 = hub();
    h2.publish(before);
    h2.publish(e);
    expect(h2.replay(3, before.id)?.map((x) => x.type)).toEqual(['news.created']);
    expect(liveEventOf(envelope('news.deleted', { id: 'x' }))).toBeUndefined();
  });
});
