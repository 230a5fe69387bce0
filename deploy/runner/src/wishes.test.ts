import {
  cardsGet,
  type EventEnvelope,
  inventoryGrant,
  inventoryGranted,
  wishAlerted,
  wishlistSchema,
} from '@acg/contracts';
import { demoAccounts, type FakeDiscord } from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedSystem } from './embedded';
import { demoCounts } from './testing/demo-counts';
import { signIn } from './testing/sign-in';
import { startTestSystem } from './testing/system';

/**
 * Wishlists with alerts across the whole system (issue 25 items 2–3): fan A wishes Frieren
 * through the gateway; fan B gets a Frieren card as the bot's /card drop does → A's open live
 * stream gets one notice and the fake Discord one DM to A, also when the bot's first try at the
 * DM fails and the alert is delivered again and when the drop's event is published again; B then
 * offers the card to A in a trade → A is alerted once more, on the site (no second DM within
 * the hour).
 */
let system: Awaited<ReturnType<typeof startTestSystem>>;
let sys: EmbeddedSystem;
let discord: FakeDiscord;
const cookies = { a: '', b: '' };
const ids = { a: 0, b: 0 };
const discordIdOf = (username: string) => demoAccounts.find((a) => a.username === username)!.discordId;

/** The SSE frames of one open live stream, parsed as they arrive. */
function openLiveStream(cookie: string) {
  const frames: { type: string; data: Record<string, unknown> }[] = [];
  const abort = new AbortController();
  const done = (async () => {
    const res = await fetch(`${sys.url}/api/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      buffer += value;
      for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const type = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (type && data) frames.push({ type, data: JSON.parse(data) });
      }
    }
  })().catch(() => {});
  return {
    frames,
    close: () => {
      abort.abort();
      return done;
    },
  };
}

/** What `found` gives once it gives something, within 15 s. */
const until = <T>(found: () => T | undefined | false, what: string): Promise<T> =>
  vi.waitFor(
    () => {
      const value = found();
      if (!value) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: 15_000, interval: 50 },
  );

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  fetch(`${sys.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: sys.url,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  system = await startTestSystem('wishes');
  sys = system.sys;
  discord = sys.fakeDiscord!;
  cookies.a = await signIn(sys.url, 'sakura_fan');
  cookies.b = await signIn(sys.url, 'admin_hikari');
  for (const who of ['a', 'b'] as const) {
    const me = await (await call('GET', '/api/me', cookies[who])).json();
    ids[who] = me.user.id;
  }
}, 180_000);
afterAll(async () => {
  await system?.close();
});

const wishDms = () =>
  discord.channels.dmsTo(discordIdOf('sakura_fan')).filter((m) => m.content.includes('wishlist'));

describe('a wished character’s card dropped to another fan, then offered in a trade', () => {
  it('alerts the wishing fan once on the site and once in Discord, through redeliveries', async () => {
    const { cards } = await sys.bus.request(cardsGet, {
      ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
    });
    const frieren = cards.find((c) => c.characterName === 'Frieren')!;
    expect(frieren).toBeDefined();

    const wished = await call('PUT', `/api/wishlist/${frieren.characterId}`, cookies.a);
    expect(wished.status).toBe(200);
    expect(await wished.json()).toMatchObject({ added: true, count: 1 });
    const list = wishlistSchema.parse(await (await call('GET', '/api/wishlist', cookies.a)).json());
    expect(list.items.map((i) => i.name)).toEqual(['Frieren']);
    expect(list).toMatchObject({ limit: 25, dm: true });

    const live = openLiveStream(cookies.a);
    await until(() => live.frames.some((f) => f.type === 'ready'), 'the stream');
    const sourceEvents: EventEnvelope[] = [];
    const alertEvents: EventEnvelope[] = [];
    const listening = await sys.bus.listen({
      types: [inventoryGranted.type, wishAlerted.type],
      handler: (e) => void (e.type === wishAlerted.type ? alertEvents : sourceEvents).push(e),
    });

    // The bot's first try at the DM meets Discord's 429s until its retries run out: the alert
    // fails, is delivered again by the bus, and only then sent.
    const refusedBefore = discord.channels.refusals;
    discord.channels.rateLimit = { kind: 'always', retryAfterSeconds: 0.01, times: 4 };
    const drop = await sys.bus.request(inventoryGrant, {
      userId: ids.b,
      cardId: frieren.id,
      idempotencyKey: `wish-drop-${Math.random()}`,
      source: 'drop',
    });
    expect(drop.granted).toBe(true);
    const dm = await until(() => wishDms()[0], 'the wish DM');
    expect(discord.channels.refusals - refusedBefore).toBe(4);
    expect(dm.content).toContain('**Frieren**');
    expect(dm.allowed_mentions).toEqual({ parse: [] });
    await until(() => live.frames.some((f) => f.type === 'wish.alerted'), 'the live notice');

    // The drop's and the alert's events published again (an outbox relay that crashed before
    // marking them sent does this): nothing more reaches A.
    await until(() => sourceEvents.length > 0 && alertEvents.length > 0, 'the events heard');
    for (const e of [...sourceEvents, ...alertEvents]) await sys.bus.publish(e);

    // B offers the Frieren copy to A: one more notice, about the trade; no DM again within the hour.
    const offer = await call('POST', '/trade/api', cookies.b, {
      toUserId: ids.a,
      fromItems: [{ inventoryId: drop.entryId, quantity: 1 }],
      toItems: [],
    });
    expect(offer.status).toBe(201);
    const trade = await offer.json();
    await until(
      () => live.frames.some((f) => f.type === 'wish.alerted' && f.data.reason === 'trade'),
      'the trade notice',
    );
    // The events published again came before the offer on the same streams and consumers: by the
    // trade's notice, and the offer's own DM to A, they have been handled.
    await until(
      () => discord.channels.dmsTo(discordIdOf('sakura_fan')).some((m) => m.content.includes(`#${trade.id}`)),
      'the offer DM',
    );
    expect(wishDms()).toHaveLength(1);
    const notices = live.frames.filter((f) => f.type === 'wish.alerted' && f.data.reason === 'drop');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({
      characterId: frieren.characterId,
      cardId: frieren.id,
      reason: 'drop',
    });
    // The trade's alert goes out without a DM (one within the hour): no DM can follow it.
    const tradeAlert = await until(
      () => alertEvents.find((e) => (e.data as { reason?: string }).reason === 'trade'),
      'the trade alert event',
    );
    expect((tradeAlert.data as { dm?: boolean }).dm).toBe(false);
    const tradeNotices = live.frames.filter((f) => f.type === 'wish.alerted' && f.data.reason === 'trade');
    expect(tradeNotices).toHaveLength(1);
    expect(tradeNotices[0]!.data).toMatchObject({ tradeId: trade.id, characterId: frieren.characterId });
    expect(wishDms()).toHaveLength(1);
    await listening.stop();
    await live.close();
  });
});
