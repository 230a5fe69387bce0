import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectCache } from '../cache';
import { baseConfigSchema, ConfigError, env } from '../config';
import {
  FIXTURE_SCHEMA,
  fixtureMigrations,
  STARTUP_TIMEOUT_MS,
  tables,
} from '../db/__fixtures__/fixture-database';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { RunningService, ServiceDeps } from '../http/service';
import { createLogger } from '../logger';
import { defineService } from './module';
import { openServiceInfra } from './run';

/**
 * The service module as the runners use it: configure() validates the service's own variables and
 * binds them to its start(); openServiceInfra opens and migrates its own schema and scopes the
 * cache to its name. Real PostgreSQL (and Redis when REDIS_URL is set).
 */
const logger = createLogger('module-test', 'silent');
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await testDb?.drop();
});

const schema = baseConfigSchema.extend({ PORT: env.port(4999), GREETING: z.string().min(1) });
let received: ServiceDeps<z.output<typeof schema>> | undefined;
const fixtureModule = defineService({
  name: FIXTURE_SCHEMA,
  configSchema: schema,
  database: { schema: FIXTURE_SCHEMA, migrationsFolder: fixtureMigrations, tables },
  async start(deps) {
    received = deps;
    return {
      name: FIXTURE_SCHEMA,
      url: 'http://127.0.0.1:1',
      close: async () => {},
    } as unknown as RunningService;
  },
});

describe('defineService', () => {
  it("validates the environment with the service's schema, listing every problem", () => {
    expect(() => fixtureModule.configure({ PORT: 'x' })).toThrow(ConfigError);
    expect(() => fixtureModule.configure({ PORT: 'x' })).toThrow(
      /INTERNAL_SECRET[\s\S]*GREETING|GREETING[\s\S]*INTERNAL_SECRET/,
    );
  });

  it('passes the typed config it loaded to start, beside the infrastructure', async () => {
    const configured = fixtureModule.configure({ INTERNAL_SECRET: 's'.repeat(32), GREETING: 'hi' });
    expect(configured.config.PORT).toBe(4999);
    const cache = await connectCache({});
    const { createMemoryBus } = await import('../bus');
    const bus = createMemoryBus();
    await configured.start({ logger, bus, cache });
    expect(received?.config).toMatchObject({ GREETING: 'hi', PORT: 4999 });
    expect(received?.cache).toBe(cache);
    await bus.drain();
    await cache.close();
  });
});

describe('openServiceInfra', () => {
  it('opens the service its own migrated schema and a cache scoped to its name', async () => {
    const busNamespace = `t${randomBytes(4).toString('hex')}`;
    const config = fixtureModule.configure({
      INTERNAL_SECRET: 's'.repeat(32),
      GREETING: 'hi',
      DATABASE_URL: testDb.url,
      REDIS_URL: process.env.REDIS_URL,
      BUS_NAMESPACE: busNamespace,
    }).config;
    const infra = await openServiceInfra(fixtureModule, config, logger);
    try {
      expect(infra.database?.schema).toBe(FIXTURE_SCHEMA);
      // Migrated: the fixture's table answers.
      await infra.database!.pool.query(`select 1 from "${FIXTURE_SCHEMA}".cards limit 1`);
      await infra.cache.namespace('cards').set('1', 'mine');
      // The same connection unscoped, or scoped to another service, does not see it.
      const root = await connectCache({
        redisUrl: process.env.REDIS_URL,
        prefix: `acg:${busNamespace}`,
      });
      try {
        if (root.kind === 'redis') {
          expect(await root.prefixed(FIXTURE_SCHEMA).namespace('cards').get('1')).toBe('mine');
          expect(await root.namespace('cards').get('1')).toBeUndefined();
          expect(await root.prefixed('other').namespace('cards').get('1')).toBeUndefined();
        } else {
          expect(infra.cache.kind).toBe('memory');
        }
      } finally {
        await root.close();
        if (process.env.REDIS_URL) {
          const redis = new Redis(process.env.REDIS_URL);
          const keys = await redis.keys(`acg:${busNamespace}:*`);
          if (keys.length > 0) await redis.unlink(...keys);
          redis.disconnect();
        }
      }
      expect(await infra.cache.ready()).toBe(true);
    } finally {
      await infra.close();
    }
    await expect(infra.database!.ready()).resolves.toBe(false);
  });

  it('refuses to start a service with a database without DATABASE_URL', async () => {
    const { config } = fixtureModule.configure({ INTERNAL_SECRET: 's'.repeat(32), GREETING: 'hi' });
    await expect(openServiceInfra(fixtureModule, config, logger)).rejects.toThrow(/needs DATABASE_URL/);
  });
});
