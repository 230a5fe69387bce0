import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@acg/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../bus/memory';
import type { Bus } from '../bus/types';
import { createHttpServer, type HttpServer } from '../http/server';
import { createLogger } from '../logger';
import { eventually, FIXTURE_SCHEMA, fixtureMigrations, tables } from './__fixtures__/fixture-database';
import { startIdempotentConsumer } from './consumer';
import { createDatabase, type Database } from './database';
import { type EmbeddedPostgres, freePort, startEmbeddedPostgres } from './embedded';
import { enqueue } from './outbox';
import { startOutboxRelay } from './relay';

/**
 * A service's database going away (issue 23): its connections terminated, its server stopped and
 * started again. The server is this file's own (it is stopped here), never a shared one. An
 * 'error' event nobody handles, or a promise nobody catches, fails the run (vitest reports
 * unhandled errors), as it would end a service's process.
 */
const STARTUP_MS = 90_000;

describe('a lost database', { timeout: STARTUP_MS }, () => {
  let dir: string;
  let port: number;
  let server: EmbeddedPostgres;
  let database: Database<typeof tables>;
  let app: HttpServer;
  let gate: { opened: Promise<void>; open: () => void; holding: Promise<void>; held: () => void };
  const logger = createLogger('outage-test', 'silent');

  const newGate = () => {
    let open = () => {};
    let held = () => {};
    const opened = new Promise<void>((r) => {
      open = r;
    });
    const holding = new Promise<void>((r) => {
      held = r;
    });
    gate = { opened, open, holding, held };
  };
  const start = () => startEmbeddedPostgres({ dataDir: join(dir, 'data'), port, ephemeral: true });
  /** The backends the last terminateAll ended. */
  let ended: number[] = [];
  /** How many of them the server still lists: 0 once their termination is complete. */
  const endedStillThere = async () => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where pid = any($1)',
        [ended],
      );
      return rows[0].n as number;
    } finally {
      await admin.end();
    }
  };
  /** Ends every connection to the database but the caller's, as an administrator or a failover would. */
  const terminateAll = async () => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select pid, pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        ['postgres'],
      );
      ended = rows.map((r) => r.pid as number);
      return rows.length;
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'acg-outage-'));
    await chmod(dir, 0o755);
    port = await freePort();
    server = await start();
    database = createDatabase({
      url: server.url,
      schema: FIXTURE_SCHEMA,
      migrationsFolder: fixtureMigrations,
      tables,
      poolMax: 4,
      connectTimeoutMs: 1000,
    });
    await database.migrate();
    app = createHttpServer({ name: 'outage-test', logger, readiness: { database: () => database.ready() } });
    app.get('/cards', async () => ({ count: (await database.db.select().from(tables.cards)).length }));
    // A transaction that waits between two queries, its connection checked out of the pool.
    app.get('/held', async () =>
      database.transaction(async (tx) => {
        await tx.insert(tables.cards).values({ name: `held ${randomUUID()}` });
        gate.held();
        await gate.opened;
        return { count: (await tx.select().from(tables.cards)).length };
      }),
    );
    await app.ready();
  }, STARTUP_MS);

  afterAll(async () => {
    gate?.open();
    await app?.close();
    await database?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('survives pg_terminate_backend of all its connections, even one checked out: 503, then 200', async () => {
    newGate();
    // Two idle connections in the pool, and one checked out by a transaction that waits.
    await Promise.all([app.inject('/cards'), app.inject('/cards')]);
    const held = app.inject('/held');
    await gate.holding;

    expect(await terminateAll()).toBeGreaterThanOrEqual(2);
    // The checked-out connection learns of its end while no query runs on it.
    await vi.waitFor(async () => expect(await endedStillThere()).toBe(0), { timeout: 5000, interval: 50 });
    gate.open();

    const failed = await held;
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'service_unavailable' });
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    // The next request gets a fresh connection: nothing to restart.
    const again = await app.inject('/cards');
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After and is not ready while the server is down, then recovers by itself', async () => {
    await server.stop();
    const began = Date.now();
    const down = await app.inject('/cards');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'service_unavailable' });
    expect(down.headers['retry-after']).toBeDefined();
    expect(Date.now() - began).toBeLessThan(5000);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: false } });

    server = await start();
    const back = Date.now();
    await eventually(async () => (await app.inject('/cards')).statusCode === 200, 5000);
    await eventually(async () => (await app.inject('/readyz')).statusCode === 200, 5000);
    expect(Date.now() - back).toBeLessThan(5000);
  });

  it('a consumer pauses on its event while the database is down, and applies it once when it is back', async () => {
    const bus = createMemoryBus();
    const [card] = await database.db.insert(tables.cards).values({ name: 'paused' }).returning();
    const durable = `outage-${randomUUID().slice(0, 8)}`;
    const subscription = await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus,
      durable,
      types: ['card.granted'],
      // Without the pause, two failed deliveries would dead-letter the event within 200 ms.
      maxDeliver: 2,
      backoffMs: [100],
      handle: async (event, tx) => {
        const { cardId } = event.data as { cardId: number };
        await tx
          .update(tables.cards)
          .set({ copies: sql`${tables.cards.copies} + 1` })
          .where(eq(tables.cards.id, cardId));
      },
    });
    try {
      await server.stop();
      await bus.publish(granted(card!.id));
      await new Promise((r) => setTimeout(r, 1500));
      server = await start();
      await eventually(async () => (await copiesOf(card!.id)) === 1, 5000);
      expect(await bus.deadLetters(durable)).toEqual([]);
    } finally {
      await subscription.stop();
      await bus.drain();
    }
  });

  it('a relay that published and lost its connection before marking the row publishes again; the effect happens once', async () => {
    const bus = createMemoryBus({ duplicateWindowMs: 0 });
    const [card] = await database.db.insert(tables.cards).values({ name: 'republished' }).returning();
    const durable = `relay-${randomUUID().slice(0, 8)}`;
    // Counts each delivery once its handling is over (applied or skipped).
    let handled = 0;
    const countingBus: Pick<Bus, 'consume'> = {
      consume: (opts) =>
        bus.consume({
          ...opts,
          handler: async (event, ctx) => {
            try {
              return await opts.handler(event, ctx);
            } finally {
              handled++;
            }
          },
        }),
    };
    const subscription = await startIdempotentConsumer({
      database,
      table: tables.processedMessages,
      bus: countingBus,
      durable,
      types: ['card.granted'],
      handle: async (event, tx) => {
        const { cardId } = event.data as { cardId: number };
        await tx
          .update(tables.cards)
          .set({ copies: sql`${tables.cards.copies} + 1` })
          .where(eq(tables.cards.id, cardId));
      },
    });
    newGate();
    let publishes = 0;
    // The first publish goes out, then waits while the relay's connection is terminated.
    const slowBus: Pick<Bus, 'publish'> = {
      async publish(event) {
        publishes++;
        await bus.publish(event);
        if (publishes === 1) {
          gate.held();
          await gate.opened;
        }
      },
    };
    const event = granted(card!.id);
    await database.transaction((tx) => enqueue(tx, tables.outbox, event));
    const relay = startOutboxRelay({ database, table: tables.outbox, bus: slowBus, intervalMs: 100 });
    try {
      await gate.holding;
      await terminateAll();
      await vi.waitFor(async () => expect(await endedStillThere()).toBe(0), { timeout: 5000, interval: 50 });
      gate.open();
      await eventually(async () => {
        const [row] = await database.db.select().from(tables.outbox).where(eq(tables.outbox.id, event.id));
        return row?.publishedAt != null;
      }, 10_000);
      expect(publishes).toBe(2);
      await eventually(async () => (await copiesOf(card!.id)) === 1, 5000);
      // Both deliveries were handled (one applied, one skipped): still one copy.
      await vi.waitFor(() => expect(handled).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 20 });
      expect(await copiesOf(card!.id)).toBe(1);
    } finally {
      await relay.stop();
      await subscription.stop();
      await bus.drain();
    }
  });

  const copiesOf = async (id: number) =>
    (await database.db.select().from(tables.cards).where(eq(tables.cards.id, id)))[0]!.copies;
});

const granted = (cardId: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'card.granted',
  occurredAt: new Date().toISOString(),
  version: 1,
  data: { cardId },
});
