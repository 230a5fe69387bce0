import { sessionResolve } from '@acg/contracts';
import { createLogger, createMemoryBus } from '@acg/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { type ResolvedSession, SessionResolver } from './session-resolver';

const logger = createLogger('session-resolver-test', 'silent');
const alice: ResolvedSession = { userId: 1, adminLevel: 0, username: 'alice', language: 'en' };
const SID = 'a-plausible-session-id';

const buses: Array<ReturnType<typeof createMemoryBus>> = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.drain();
});

/** A bus where auth answers from `table`, after `delayMs`, counting the look-ups. */
function setUp(opts: { delayMs?: number; serve?: boolean; timeoutMs?: number; ttlMs?: number } = {}) {
  const bus = createMemoryBus({ logger });
  buses.push(bus);
  const table = new Map<string, ResolvedSession>([[SID, alice]]);
  const calls = { count: 0 };
  if (opts.serve !== false) {
    bus.serve(sessionResolve, async ({ sessionId }) => {
      calls.count++;
      const session = table.get(sessionId) ?? null;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
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
  return { resolver, table, calls };
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
    await new Promise((r) => setTimeout(r, 40));
    await resolver.resolve(SID);
    expect(calls.count).toBe(2);
  });

  it('shares one look-up between concurrent requests for the same session', async () => {
    const { resolver, calls } = setUp({ delayMs: 20 });
    const answers = await Promise.all([resolver.resolve(SID), resolver.resolve(SID), resolver.resolve(SID)]);
    expect(answers.every((a) => a.status === 'found')).toBe(true);
    expect(calls.count).toBe(1);
  });

  it('does not store an answer that was on its way when the session was forgotten', async () => {
    const { resolver, table, calls } = setUp({ delayMs: 30 });
    const stale = resolver.resolve(SID);
    await new Promise((r) => setTimeout(r, 10)); // auth has read the session...
    table.delete(SID); // ...then signs it out...
    resolver.forget(SID); // ...and the gateway sees /auth/logout pass
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
    const { resolver } = setUp({ delayMs: 200, timeoutMs: 30 });
    const started = performance.now();
    expect(await resolver.resolve(SID)).toEqual({ status: 'unavailable' });
    expect(performance.now() - started).toBeLessThan(150);
  });
});
