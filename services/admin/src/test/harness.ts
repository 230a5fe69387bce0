import { type AuditRecordInput, auditRecorded, IDENTITY_HEADER, userCreated } from '@acg/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryCache,
  type Database,
  type InspectableBus,
  makeEvent,
  openServiceDatabase,
  type RunningService,
  signIdentity,
} from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { count, eq, inArray } from 'drizzle-orm';
import { adminConfigSchema } from '../config';
import { auditLog, outbox, users } from '../db/schema';
import { adminDatabase, start } from '../start';

export const TEST_SECRET = 'admin-test-secret-0123456789abcdef0123';

/** A user as auth would announce it. */
export const user = (id: number, username: string, over: Record<string, unknown> = {}) => ({
  id,
  username,
  discriminator: '0',
  discordId: `${100_000_000_000_000 + id}`,
  avatar: null,
  adminLevel: 0,
  ...over,
});

/** The signed identity header the gateway would add. */
export const asUser = (
  userId: number,
  adminLevel = 0,
  language: 'en' | 'ru' = 'en',
): Record<string, string> => ({
  [IDENTITY_HEADER]: signIdentity({ userId, adminLevel, language }, TEST_SECRET),
});
export const asAdmin = (userId = 1, language: 'en' | 'ru' = 'en') => asUser(userId, 3, language);

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An audit record as a service would write it. */
export const record = (over: Partial<AuditRecordInput> = {}): AuditRecordInput => ({
  actorId: 1,
  action: 'card.deleted',
  category: 'cards',
  description: 'Deleted card 42',
  targetType: 'card',
  targetId: '42',
  ip: '203.0.113.7',
  service: 'catalogue',
  ...over,
});

/**
 * Admin on a fresh database (DATABASE_URL's server or embedded PostgreSQL), listening on a
 * loopback port, with the in-process bus. `env` adds settings (the fakes' addresses).
 */
export async function startAdminHarness(env: Record<string, string> = {}) {
  const logger = createLogger('admin-test', 'silent');
  const testDb = await createTestDatabase();
  const database: Database = await openServiceDatabase(adminDatabase, testDb.url, logger);
  const bus: InspectableBus = createMemoryBus({ logger });
  const config = adminConfigSchema.parse({
    INTERNAL_SECRET: TEST_SECRET,
    PORT: '0',
    LOG_LEVEL: 'silent',
    RELAY_ENABLED: 'false',
    ...env,
  });
  const cache = createMemoryCache();
  const service: RunningService = await start({ config, logger, bus, cache, database, ownsInfra: false });
  const { db } = database;
  /**
   * Secrets no answer may ever contain (vk.token): every response of h.fetch and h.json is read
   * and checked, so each test of the suite scans what it receives.
   */
  const secrets = new Set<string>();
  const leaks: string[] = [];
  const scanned = async (path: string, res: Response) => {
    if (secrets.size > 0) {
      const text = `${JSON.stringify([...res.headers])}\n${await res.clone().text()}`;
      for (const secret of secrets) if (text.includes(secret)) leaks.push(`${path} answered a secret`);
    }
    return res;
  };
  const auditCount = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

  return {
    service,
    url: service.url,
    bus,
    cache,
    database,
    config,
    testDb,
    secrets,
    /** What h.fetch and h.json saw of the secrets (empty when nothing leaked). */
    leaks,
    async fetch(path: string, init: RequestInit = {}) {
      return scanned(path, await fetch(`${service.url}${path}`, init));
    },
    async json(path: string, method: string, body: unknown, headers: Record<string, string> = asAdmin()) {
      const res = await fetch(`${service.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return scanned(path, res);
    },
    auditCount,
    /** Publishes audit.recorded events and waits until the log holds them. */
    async record(...records: AuditRecordInput[]) {
      const before = await auditCount();
      for (const r of records) await bus.publish(makeEvent(auditRecorded, r));
      await waitFor(async () => (await auditCount()) >= before + records.length, 'audit rows');
    },
    async announceUsers(...list: ReturnType<typeof user>[]) {
      for (const u of list) await bus.publish(makeEvent(userCreated, u));
      const ids = list.map((u) => u.id);
      await waitFor(
        async () => {
          const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
          return rows.length === ids.length;
        },
        `users ${ids.join(', ')}`,
      );
    },
    /** Events admin wrote to its outbox, oldest first. */
    async outboxEvents(type: string) {
      const rows = await db
        .select({ data: outbox.data })
        .from(outbox)
        .where(eq(outbox.type, type))
        .orderBy(outbox.occurredAt);
      return rows.map((r) => r.data);
    },
    async close() {
      await service.close();
      await bus.drain();
      await database.close();
      await testDb.drop();
    },
  };
}
export type AdminHarness = Awaited<ReturnType<typeof startAdminHarness>>;
