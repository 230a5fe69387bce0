import { randomUUID } from 'node:crypto';
import { defineEvent } from '@acg/contracts';
import { type Bus, connectNatsBus, createMemoryBus, makeEvent } from '@acg/platform';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Harness, sameOriginJson, session, sessionCookie, startHarness } from './testing/harness';

/**
 * The live event stream (GET /api/events, docs/rules.md §35) through a real gateway: who may
 * open it, which events reach whom, replay after a reconnect, heartbeats, and the ends of a
 * stream (sign-out here, sign-out elsewhere, too many tabs, shutdown). On real NATS when
 * NATS_URL is set (the bus's own streams and subjects under a random prefix), else in-process.
 */
const natsUrl = process.env.NATS_URL;
const token = randomUUID().replace(/-/g, '').slice(0, 12);
const streamPrefix = `TEST_LIVE_${token}_`;

const anyData = z.record(z.string(), z.unknown());
const tradeCreated = defineEvent('trade.created', anyData);
const tradeAccepted = defineEvent('trade.accepted', anyData);
const inventoryGranted = defineEvent('inventory.granted', anyData);
const userCreated = defineEvent('user.created', anyData);

const SESSION = {
  a: 'session-of-user-a-000001',
  b: 'session-of-user-b-000002',
  c: 'session-of-user-c-000003',
};

async function openBus(): Promise<Bus> {
  if (!natsUrl) return createMemoryBus();
  return connectNatsBus({ url: natsUrl, name: 'live-test', streamPrefix, subjectPrefix: `test${token}.` });
}

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** An SSE client over fetch: every frame read so far, and a way to wait for the next ones. */
interface Stream {
  status: number;
  contentType: string | null;
  frames: Frame[];
  ended: Promise<void>;
  waitFor(test: (f: Frame) => boolean, what: string): Promise<Frame>;
  events(type: string): Array<Record<string, unknown>>;
  close(): void;
}

async function openStream(
  h: Harness,
  sessionId: string | null,
  headers: Record<string, string> = {},
): Promise<Stream> {
  const abort = new AbortController();
  const res = await h.request('/api/events', {
    headers: {
      accept: 'text/event-stream',
      ...(sessionId ? { cookie: sessionCookie(sessionId) } : {}),
      ...headers,
    },
    signal: abort.signal,
  });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let at = text.indexOf('\n\n');
        while (at >= 0) {
          const block = text.slice(0, at);
          text = text.slice(at + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const [field, ...rest] = line.split(': ');
              (frame as Record<string, string>)[field as string] = rest.join(': ');
            }
          }
          frames.push(frame);
          at = text.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by the test
    }
    for (const wake of waiters) wake();
  })();
  let done = false;
  void ended.then(() => {
    done = true;
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    frames,
    ended,
    async waitFor(test, what) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = frames.find(test);
        if (found) return found;
        if (done || Date.now() > deadline) throw new Error(`no ${what}; frames: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    events: (type) => frames.filter((f) => f.event === type).map((f) => JSON.parse(f.data ?? '{}')),
    close: () => abort.abort(),
  };
}

let bus: Bus;
let h: Harness;
const streams: Stream[] = [];
const track = async (s: Promise<Stream>) => {
  const stream = await s;
  streams.push(stream);
  return stream;
};

beforeAll(async () => {
  bus = await openBus();
  h = await startHarness({
    bus,
    env: { SESSION_CACHE_TTL_MS: '0', LIVE_HEARTBEAT_MS: '200', LIVE_MAX_STREAMS_PER_USER: '2' },
  });
  h.sessions.set(SESSION.a, session(1));
  h.sessions.set(SESSION.b, session(2));
  h.sessions.set(SESSION.c, session(3));
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await h?.close();
  await bus?.drain();
  if (natsUrl) {
    const nc = await connect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${streamPrefix}EVENTS`).catch(() => undefined);
    await jsm.streams.delete(`${streamPrefix}DEADLETTER`).catch(() => undefined);
    await nc.close();
  }
});

describe(`live event stream (${natsUrl ? 'NATS' : 'in-process bus'})`, () => {
  it('refuses anonymous visitors and unknown sessions with 401, before any stream opens', async () => {
    for (const sessionId of [null, 'session-nobody-has-000000']) {
      const res = await h.request('/api/events', {
        headers: { accept: 'text/event-stream', ...(sessionId ? { cookie: sessionCookie(sessionId) } : {}) },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ code: 'authentication_required' });
    }
    // Only GET: anything else is 405 like any route-table path... or 404 when nothing serves it.
    const post = await h.request('/api/events', {
      method: 'POST',
      headers: sameOriginJson({ cookie: sessionCookie(SESSION.a) }),
      body: '{}',
    });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });

  it('opens with retry and ready, is private and never cached', async () => {
    const a = await track(openStream(h, SESSION.a));
    expect(a.status).toBe(200);
    expect(a.contentType).toBe('text/event-stream; charset=utf-8');
    await a.waitFor((f) => f.event === 'ready', 'ready');
    expect(a.frames[0]).toEqual({ retry: '3000' });
    expect(a.events('ready')).toEqual([{ userId: 1, resync: true }]);
  });

  it('gives each user their own events only, with only the fields the page needs', async () => {
    const a = await track(openStream(h, SESSION.a));
    const b = await track(openStream(h, SESSION.b));
    const c = await track(openStream(h, SESSION.c));
    for (const s of [a, b, c]) await s.waitFor((f) => f.event === 'ready', 'ready');

    const offer = makeEvent(tradeCreated, {
      id: 41,
      fromUserId: 1,
      toUserId: 2,
      items: [{ side: 'from', inventoryId: 5, cardId: 7, quantity: 1 }],
      message: 'private words',
      expiresAt: new Date().toISOString(),
    });
    await bus.publish(makeEvent(userCreated, { userId: 3 }));
    await bus.publish(offer);
    await bus.publish(
      makeEvent(inventoryGranted, { userId: 2, cardId: 9, entryId: 77, quantity: 1, source: 'drop' }),
    );
    const marker = makeEvent(tradeAccepted, {
      id: 41,
      fromUserId: 1,
      toUserId: 2,
      status: 'accepted',
      by: 2,
    });
    await bus.publish(marker);

    await b.waitFor((f) => f.id === marker.id, 'the accept for b');
    await a.waitFor((f) => f.id === marker.id, 'the accept for a');
    expect(b.frames.filter((f) => f.id).map((f) => f.event)).toEqual([
      'trade.created',
      'inventory.granted',
      'trade.accepted',
    ]);
    expect(a.frames.filter((f) => f.id).map((f) => f.event)).toEqual(['trade.created', 'trade.accepted']);
    expect(b.events('trade.created')).toEqual([
      { tradeId: 41, fromUserId: 1, toUserId: 2, status: 'created', occurredAt: offer.occurredAt },
    ]);
    expect(b.events('inventory.granted')[0]).toMatchObject({ cardId: 9, entryId: 77, source: 'drop' });
    expect(b.frames.find((f) => f.event === 'trade.created')?.id).toBe(offer.id);

    // c is in none of them: a later event of c's arrives, and nothing before it did.
    const own = makeEvent(inventoryGranted, {
      userId: 3,
      cardId: 1,
      entryId: 5,
      quantity: 1,
      source: 'drop',
    });
    await bus.publish(own);
    await c.waitFor((f) => f.id === own.id, "c's own event");
    expect(c.frames.filter((f) => f.id).map((f) => f.id)).toEqual([own.id]);
  });

  it('delivers an event published twice (a relay retry) once', async () => {
    const b = await track(openStream(h, SESSION.b));
    await b.waitFor((f) => f.event === 'ready', 'ready');
    const offer = makeEvent(tradeCreated, { id: 50, fromUserId: 1, toUserId: 2 });
    await bus.publish(offer);
    await bus.publish(offer);
    const marker = makeEvent(tradeCreated, { id: 51, fromUserId: 1, toUserId: 2 });
    await bus.publish(marker);
    await b.waitFor((f) => f.id === marker.id, 'the marker');
    expect(b.frames.filter((f) => f.id === offer.id)).toHaveLength(1);
  });

  it('replays what a user missed after Last-Event-ID, and asks for a re-read when that id is unknown', async () => {
    const first = await track(openStream(h, SESSION.b));
    await first.waitFor((f) => f.event === 'ready', 'ready');
    const seen = makeEvent(tradeCreated, { id: 60, fromUserId: 1, toUserId: 2 });
    await bus.publish(seen);
    await first.waitFor((f) => f.id === seen.id, 'the first event');
    first.close();
    // While b is away: one event for b, one for someone else, one more for b.
    const missed1 = makeEvent(tradeAccepted, { id: 60, fromUserId: 1, toUserId: 2, status: 'accepted' });
    const other = makeEvent(inventoryGranted, { userId: 3, cardId: 1, entryId: 2 });
    const missed2 = makeEvent(inventoryGranted, { userId: 2, cardId: 4, entryId: 8 });
    for (const e of [missed1, other, missed2]) await bus.publish(e);
    // The gateway has heard them all before b comes back: the bus keeps one publisher's order, so
    // once a's stream shows a marker published after them, the hub has taken in all three.
    const a = await track(openStream(h, SESSION.a));
    await a.waitFor((f) => f.event === 'ready', 'ready');
    const heard = makeEvent(inventoryGranted, { userId: 1, cardId: 2, entryId: 9 });
    await bus.publish(heard);
    await a.waitFor((f) => f.id === heard.id, 'the marker');

    const again = await track(openStream(h, SESSION.b, { 'last-event-id': seen.id }));
    await again.waitFor((f) => f.id === missed2.id, 'the replay');
    expect(again.events('ready')).toEqual([{ userId: 2, resync: false }]);
    expect(again.frames.filter((f) => f.id).map((f) => f.id)).toEqual([missed1.id, missed2.id]);

    const unknown = await track(openStream(h, SESSION.b, { 'last-event-id': randomUUID() }));
    await unknown.waitFor((f) => f.event === 'ready', 'ready');
    expect(unknown.events('ready')).toEqual([{ userId: 2, resync: true }]);
    expect(unknown.frames.filter((f) => f.id)).toEqual([]);
  });

  it('sends heartbeats, and ends the stream when the session is gone (signed out elsewhere)', async () => {
    h.sessions.set('session-short-lived-00009', session(9));
    const s = await track(openStream(h, 'session-short-lived-00009'));
    await s.waitFor((f) => f.comment === 'ping', 'a heartbeat');
    h.sessions.delete('session-short-lived-00009');
    await s.waitFor((f) => f.event === 'closed', 'the close');
    expect(s.events('closed')).toEqual([{ reason: 'signed-out' }]);
    await s.ended;
  });

  it('ends the streams of a session signed out through this gateway at once', async () => {
    h.sessions.set('session-signing-out-0010', session(10));
    const s = await track(openStream(h, 'session-signing-out-0010'));
    const other = await track(openStream(h, SESSION.c));
    await s.waitFor((f) => f.event === 'ready', 'ready');
    await other.waitFor((f) => f.event === 'ready', 'ready');
    const out = await h.request('/auth/logout', {
      headers: { cookie: sessionCookie('session-signing-out-0010') },
    });
    expect(out.status).toBe(200);
    await s.waitFor((f) => f.event === 'closed', 'the close');
    expect(s.events('closed')).toEqual([{ reason: 'signed-out' }]);
    await s.ended;
    expect(other.events('closed')).toEqual([]);
  });

  it("closes a user's oldest stream beyond the per-user limit", async () => {
    const one = await track(openStream(h, SESSION.a));
    await one.waitFor((f) => f.event === 'ready', 'ready');
    const two = await track(openStream(h, SESSION.a));
    await two.waitFor((f) => f.event === 'ready', 'ready');
    const three = await track(openStream(h, SESSION.a));
    await three.waitFor((f) => f.event === 'ready', 'ready');
    await one.waitFor((f) => f.event === 'closed', 'the close of the oldest');
    expect(one.events('closed')).toEqual([{ reason: 'replaced' }]);
    expect(two.events('closed')).toEqual([]);
  });
});

describe('live event stream across gateway replicas', () => {
  it('reaches streams on every replica, and a reconnect to another replica replays from Last-Event-ID', async () => {
    // A second gateway: on NATS its own connection (as another process would have), in-process
    // the same bus. Session look-ups are answered by the first harness.
    const second = natsUrl ? await openBus() : bus;
    const other = await startHarness({
      bus: second,
      serveSessions: false,
      env: { SESSION_CACHE_TTL_MS: '0' },
    });
    try {
      const onFirst = await track(openStream(h, SESSION.b));
      const onSecond = await track(openStream(other, SESSION.a));
      await onFirst.waitFor((f) => f.event === 'ready', 'ready on the first');
      await onSecond.waitFor((f) => f.event === 'ready', 'ready on the second');
      const offer = makeEvent(tradeCreated, { id: 70, fromUserId: 1, toUserId: 2 });
      await bus.publish(offer);
      await onFirst.waitFor((f) => f.id === offer.id, 'the offer on the first replica');
      await onSecond.waitFor((f) => f.id === offer.id, 'the offer on the second replica');

      // b drops off the first replica; meanwhile the trade is accepted; b comes back on the second.
      onFirst.close();
      const accepted = makeEvent(tradeAccepted, { id: 70, fromUserId: 1, toUserId: 2, status: 'accepted' });
      await bus.publish(accepted);
      await onSecond.waitFor((f) => f.id === accepted.id, 'the accept on the second replica');
      const back = await track(openStream(other, SESSION.b, { 'last-event-id': offer.id }));
      await back.waitFor((f) => f.id === accepted.id, 'the replay');
      expect(back.events('ready')).toEqual([{ userId: 2, resync: false }]);
      expect(back.frames.filter((f) => f.id).map((f) => f.id)).toEqual([accepted.id]);
    } finally {
      for (const s of streams.splice(0)) s.close();
      await other.close();
      if (second !== bus) await second.drain();
    }
  });
});

describe('live event stream at shutdown', () => {
  it('tells open streams and ends them, and the gateway closes promptly', async () => {
    const own = await openBus();
    const g = await startHarness({ bus: own });
    g.sessions.set(SESSION.a, session(1));
    const s = await openStream(g, SESSION.a);
    await s.waitFor((f) => f.event === 'ready', 'ready');
    const started = Date.now();
    await g.close();
    await s.ended;
    expect(s.events('closed')).toEqual([{ reason: 'shutdown' }]);
    expect(Date.now() - started).toBeLessThan(3000);
    await own.drain();
  });
});
