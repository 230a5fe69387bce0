import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger';
import { createOutageLog } from '../outage';
import { tracedPoolClient } from '../tracing/pg';
import { tracingOn } from '../tracing/setup';

/** The drizzle table objects of a service (its schema file), for typed relational queries. */
export type Tables = Record<string, unknown>;
export type Db<T extends Tables = Record<string, unknown>> = NodePgDatabase<T>;
export type Tx<T extends Tables = Record<string, unknown>> = PgTransaction<
  NodePgQueryResultHKT,
  T,
  ExtractTablesWithRelations<T>
>;

export interface DatabaseOptions<T extends Tables = Record<string, never>> {
  url: string;
  /** The PostgreSQL schema this service owns; also where its migrations table lives. */
  schema: string;
  /** Folder of drizzle-kit generated migrations; migrate() needs it. */
  migrationsFolder?: string;
  /** The service's drizzle tables, to enable `db.query.<table>` (additive to the brief). */
  tables?: T;
  logger?: Logger;
  poolMax?: number;
  /** How long getting a new connection may take before the query fails (default 3 s). */
  connectTimeoutMs?: number;
}

/** Bare `Database` (no type argument) accepts any service's database, typed or not. */
export interface Database<T extends Tables = Record<string, unknown>> {
  readonly schema: string;
  readonly pool: pg.Pool;
  readonly db: Db<T>;
  /** Creates the schema when missing and applies pending migrations; safe to run from many replicas. */
  migrate(): Promise<void>;
  transaction<R>(fn: (tx: Tx<T>) => Promise<R>): Promise<R>;
  /** True when the database answers (for /readyz). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_TABLE = '__drizzle_migrations';

export function createDatabase<T extends Tables = Record<string, never>>(
  opts: DatabaseOptions<T>,
): Database<T> {
  const { schema, logger } = opts;
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolMax ?? 10,
    // A server that does not answer fails the request (503) instead of holding it.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    keepAlive: true,
    // Unqualified names in hand-written SQL resolve to the service's own schema first.
    options: `-c search_path=${quoteIdent(schema)},public`,
    // Tracing on: a span per query inside traced work (rules §71).
    ...(tracingOn() ? { Client: tracedPoolClient(schema) } : {}),
  });
  const outage = createOutageLog(logger, 'PostgreSQL');
  // A connection lost while idle in the pool emits here; unhandled, it would crash the process.
  pool.on('error', (err) => outage.failed(err));
  // A connection lost while checked out (a transaction waiting on the bus, a session holding an
  // advisory lock) emits on the client, where pg-pool listens only while it is idle: without
  // this listener the 'error' event is unhandled and ends the process. The query in flight, if
  // any, fails on its own; the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', (err) => outage.failed(err)));
  const db = drizzle({ client: pool, schema: opts.tables }) as Db<T>;
  let closing: Promise<void> | undefined;

  return {
    schema,
    pool,
    db,
    async migrate() {
      if (!opts.migrationsFolder)
        throw new Error(`createDatabase(${schema}): no migrationsFolder to migrate from`);
      await assertNoCreateSchema(opts.migrationsFolder, schema);
      const client = await pool.connect();
      try {
        // Replicas starting together would otherwise apply the same migration twice; the lock is
        // per schema, so different services migrating one database never wait on each other.
        await client.query('select pg_advisory_lock(hashtext($1))', [`acg:migrate:${schema}`]);
        try {
          await client.query(`create schema if not exists ${quoteIdent(schema)}`);
          await drizzleMigrate(drizzle({ client }), {
            migrationsFolder: opts.migrationsFolder,
            migrationsSchema: schema,
            migrationsTable: MIGRATIONS_TABLE,
          });
          logger?.info({ schema }, 'database migrated');
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [`acg:migrate:${schema}`]);
        }
      } finally {
        client.release();
      }
    },
    transaction: (fn) => db.transaction(fn),
    async ready() {
      try {
        await pool.query('select 1');
        outage.ok();
        return true;
      } catch (err) {
        outage.failed(err);
        return false;
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * drizzle-kit writes `CREATE SCHEMA "x"` when the pgSchema object is exported from the schema
 * file; the migrator has already created the schema (it holds the migrations table), so that
 * statement would fail. Say so plainly instead of failing with "schema already exists".
 */
async function assertNoCreateSchema(folder: string, schema: string): Promise<void> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql'));
  const createSchema = new RegExp(`^\\s*CREATE SCHEMA ${escapeRegExp(quoteIdent(schema))}\\s*;`, 'im');
  for (const file of files) {
    if (createSchema.test(await readFile(join(folder, file), 'utf8'))) {
      throw new Error(
        `${join(folder, file)} creates schema "${schema}", which migrate() creates itself: do not export ` +
          'the pgSchema object from the drizzle schema file, and regenerate the migration',
      );
    }
  }
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
