import { sessionResolve } from '@acg/contracts';
import { createLogger, createMemoryBus, UnavailableError } from '@acg/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { type ResolvedSession, SessionResolver } from './session-resolver';

const logger = createLogger('session-resolver-test', 'silent');
const alice: ResolvedSession = { userId: 1, adminLevel: 0, username: 'alice', language: 'en' };
const SID = 'a-plausible-session-id';
const OTHER = 'another-plausible-session-id';

const buses: Array<ReturnType<typeof createMemoryBus>> = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.drain();
});

/** A promise the test settles itself: auth answers only once the test opens the gate. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * A bus where auth answers from `table`, counting the look-ups; with `hold`, each look-up
 * reads the table, reports it has (`read`), then waits for the gate before answering.
 */
function setUp(opts: { hold?: Promise<void>; serve?: boolean; timeoutMs?: number; ttlMs?: number } = {}) {
  const bus = createMemoryBus({ logger });
  buses.push(bus);
  const table = new Map<string, ResolvedSession>([[SID, alice]]);
  const calls = { count: 0 };
  const read = gate();
  if (opts.serve !== false) {
    bus.serve(sessionResolve, async ({ sessionId }) => {
      calls.count++;
      const session = table.get(sessionId) ?? null;
      read.open();
      if (opts.hold) await opts.hold;
      return { session };
    });
  }
  const resolver = new SessionResolver({
    bus,
    logger,
    ttlMs: opts.ttlMs ?? 5000,
    max: 100,
    timeoutMs: opts.timeoutMs ?? 500,
  });
  return { resolver, table, calls, read: read.opened };
}

describe('SessionResolver', () => {
  it('resolves a session through auth and reuses the answer within its time to live', async () => {
    const { resolver, calls } = setUp();
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: alice });
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: alice });
    expect(calls.count).toBe(1);
  });

  it('asks again once the time to live is over', async () => {
    const { resolver, calls } = setUp({ ttlMs: 20 });
    await resolver.resolve(SID);
    expect(calls.count).toBe(1);
    // Asked again as soon as the 20 ms are over, whenever that is on a busy machine.
    await expect
      .poll(async () => {
        await resolver.resolve(SID);
        return calls.count;
      })
      .toBe(2);
  });

  it('shares one look-up between concurrent requests for the same session', async () => {
    const auth = gate();
    const { resolver, calls, read } = setUp({ hold: auth.opened });
    const pending = [resolver.resolve(SID), resolver.resolve(SID), resolver.resolve(SID)];
    await read;
    auth.open();
    const answers = await Promise.all(pending);
    expect(answers.every((a) => a.status === 'found')).toBe(true);
    expect(calls.count).toBe(1);
  });

  it('does not store an answer that was on its way when the session was forgotten', async () => {
    const auth = gate();
    const { resolver, table, calls, read } = setUp({ hold: auth.opened });
    const stale = resolver.resolve(SID);
    await read; // auth has read the session...
    table.delete(SID); // ...then signs it out...
    resolver.forget(SID); // ...and the gateway sees /auth/logout pass
    auth.open();
    expect((await stale).status).toBe('found');
    expect(await resolver.resolve(SID)).toEqual({ status: 'none' });
    expect(calls.count).toBe(2);
  });

  it('answers none for an unknown session, and for an implausible id without asking', async () => {
    const { resolver, calls } = setUp();
    expect(await resolver.resolve('another-plausible-id-0')).toEqual({ status: 'none' });
    expect(await resolver.resolve('short')).toEqual({ status: 'none' });
    expect(await resolver.resolve('bad id with spaces and ; semicolons')).toEqual({ status: 'none' });
    expect(calls.count).toBe(1);
  });

  it('is unavailable, and remembers nothing, when nobody serves session look-ups', async () => {
    const { resolver } = setUp({ serve: false });
    expect(await resolver.resolve(SID)).toEqual({ status: 'unavailable' });
  });

  it('is unavailable when auth does not answer in time', async () => {
    // Auth never answers while the resolver waits: only its own timeout can end the wait.
    const auth = gate();
    const { resolver, calls } = setUp({ hold: auth.opened, timeoutMs: 30 });
    expect(await resolver.resolve(SID)).toEqual({ status: 'unavailable' });
    expect(calls.count).toBe(1);
    auth.open();
  });
  it('forgets every remembered session of one user, and only theirs', async () => {
    const { resolver, table, calls } = setUp();
    const bob: ResolvedSession = { userId: 2, adminLevel: 0, username: 'bob', language: 'en' };
    const SID2 = 'another-plausible-session-id';
    const BOB = 'bobs-plausible-session-id';
    table.set(SID2, alice).set(BOB, bob);
    for (const sid of [SID, SID2, BOB]) await resolver.resolve(sid);
    expect(calls.count).toBe(3);
    table.set(SID, { ...alice, adminLevel: 2 }).set(SID2, { ...alice, adminLevel: 2 });
    resolver.forgetUser(1);
    expect(resolver.peek(SID)).toBeUndefined();
    expect(resolver.peek(SID2)).toBeUndefined();
    expect(resolver.peek(BOB)).toEqual({ status: 'found', session: bob });
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: { ...alice, adminLevel: 2 } });
    expect(calls.count).toBe(4);
  });

  it('rides out an auth outage with the sessions auth confirmed, for the stale period only (rules §48)', async () => {
    const bus = createMemoryBus({ logger });
    buses.push(bus);
    let down = false;
    bus.serve(sessionResolve, async ({ sessionId }) => {
      if (down) throw new UnavailableError('auth is down');
      return { session: sessionId === SID || sessionId === OTHER ? alice : null };
    });
    // The stale period's own clock, moved by hand: no waiting on the real one.
    let now = 1_000_000;
    const clock = { now: () => now };
    const resolver = new SessionResolver({
      bus,
      logger,
      ttlMs: 0,
      max: 100,
      timeoutMs: 500,
      staleMs: 400,
      clock,
    });
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: alice });
    expect(await resolver.resolve(OTHER)).toEqual({ status: 'found', session: alice });

    down = true;
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: alice, stale: true });
    // Never confirmed: nothing to go on.
    expect(await resolver.resolve('never-confirmed-session-id')).toEqual({ status: 'unavailable' });
    // Signed out on this gateway: gone at once.
    resolver.forget(OTHER);
    expect(await resolver.resolve(OTHER)).toEqual({ status: 'unavailable' });
    // Stale answers do not renew the period: it ends 400 ms after auth last confirmed.
    now += 250;
    expect((await resolver.resolve(SID)).status).toBe('found');
    now += 200;
    expect(await resolver.resolve(SID)).toEqual({ status: 'unavailable' });

    down = false;
    expect(await resolver.resolve(SID)).toEqual({ status: 'found', session: alice });
  });
});
