import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtServices } from '@acg/contracts';
import { createDatabase, type Database } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The PostgreSQL roles of the distributed shapes (deploy/postgres/service-role.sql, run by the
 * compose postgres container's init script), created on the real server of the infrastructure
 * pass with the very same SQL: each database-owning service's role migrates and uses its own
 * schema, and cannot read another service's. Role names carry a prefix unique to this run
 * (roles are server-wide; the schemas live in a fresh test database), and are dropped after.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const roleSql = readFileSync(join(repoRoot, 'deploy/postgres/service-role.sql'), 'utf8');
const owners = builtServices().filter((s) => s.database);
const prefix = `acg_t${randomBytes(4).toString('hex')}_`;

/** psql's variable interpolation, as init-roles.sh uses it: :"name" an identifier, :'name' a literal. */
function interpolate(sql: string, vars: Record<string, string>, client: pg.Client): string {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .replace(/:(["'])(\w+)\1/g, (_match, quote: string, name: string) => {
      const value = vars[name];
      if (value === undefined) throw new Error(`service-role.sql uses :${quote}${name}${quote}, not given`);
      return quote === '"' ? client.escapeIdentifier(value) : client.escapeLiteral(value);
    });
}

let db: TestDatabase;
let admin: pg.Client;
const passwords = new Map<string, string>();
const databases = new Map<string, Database>();
const pools: pg.Pool[] = [];

const roleOf = (service: string) => `${prefix}${service}`;
function urlAs(service: string): string {
  const url = new URL(db.url);
  url.username = roleOf(service);
  url.password = passwords.get(service)!;
  return url.toString();
}
function poolAs(service: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: urlAs(service), max: 1 });
  pools.push(pool);
  return pool;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) {
    throw new Error('postgres-roles.infra.test.ts runs in the infrastructure pass only (DATABASE_URL set)');
  }
  db = await createTestDatabase();
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const database = new URL(db.url).pathname.slice(1);
  for (const { name } of owners) {
    passwords.set(name, randomBytes(16).toString('hex'));
    await admin.query(
      interpolate(
        roleSql,
        { role: roleOf(name), password: passwords.get(name)!, schema: name, database },
        admin,
      ),
    );
  }
});

afterAll(async () => {
  for (const d of databases.values()) await d.close().catch(() => {});
  for (const pool of pools) await pool.end().catch(() => {});
  await admin?.end().catch(() => {});
  await db?.drop();
  // The database (with the schemas and the grants on it) is gone; the roles own nothing else.
  const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await cleanup.connect();
  try {
    for (const { name } of owners)
      await cleanup.query(`drop role if exists ${cleanup.escapeIdentifier(roleOf(name))}`);
  } finally {
    await cleanup.end();
  }
});

describe('each service connects as its own PostgreSQL role', () => {
  it('covers every built service with a database', () => {
    expect(owners.map((s) => s.name)).toEqual(expect.arrayContaining(['auth', 'catalogue', 'inventory']));
  });

  it.each(owners.map((s) => s.name))('%s migrates its own schema under its own role, twice', async (name) => {
    const migrationsFolder = join(repoRoot, 'services', name, 'drizzle');
    expect(existsSync(migrationsFolder), migrationsFolder).toBe(true);
    const database = createDatabase({ url: urlAs(name), schema: name, migrationsFolder, poolMax: 2 });
    databases.set(name, database);
    await database.migrate();
    // Again, as a restarted replica does: the schema and the migrations table already exist.
    await database.migrate();
    const { rows } = await database.pool.query<{ owner: string; tables: number }>(
      `select pg_get_userbyid(n.nspowner) as owner,
              (select count(*)::int from pg_tables t where t.schemaname = n.nspname) as tables
         from pg_namespace n where n.nspname = $1`,
      [name],
    );
    expect(rows[0]).toEqual({ owner: roleOf(name), tables: expect.any(Number) });
    expect(rows[0]!.tables).toBeGreaterThan(1);
  });

  it("no service's role can read or write another service's schema", async () => {
    for (const { name } of owners) if (!databases.has(name)) throw new Error(`${name} was not migrated`);
    const { rows: tables } = await admin.query<{ schemaname: string; tablename: string }>(
      `select distinct on (schemaname) schemaname, tablename from pg_tables
        where schemaname = any($1) order by schemaname, tablename`,
      [owners.map((s) => s.name)],
    );
    expect(tables.map((t) => t.schemaname).sort()).toEqual(owners.map((s) => s.name).sort());
    for (const reader of owners) {
      const pool = poolAs(reader.name);
      for (const { schemaname, tablename } of tables) {
        const table = `${admin.escapeIdentifier(schemaname)}.${admin.escapeIdentifier(tablename)}`;
        if (schemaname === reader.name) {
          await expect(pool.query(`select count(*) from ${table}`)).resolves.toBeTruthy();
          continue;
        }
        await expect(
          pool.query(`select * from ${table} limit 1`),
          `${reader.name} reads ${table}`,
        ).rejects.toThrow(`permission denied for schema ${schemaname}`);
        await expect(
          pool.query(`create table ${admin.escapeIdentifier(schemaname)}.intruder (id int)`),
          `${reader.name} creates in ${schemaname}`,
        ).rejects.toThrow(`permission denied for schema ${schemaname}`);
      }
      // Nor can it put tables in the shared public schema.
      await expect(pool.query('create table public.intruder (id int)')).rejects.toThrow(
        'permission denied for schema public',
      );
    }
  });
});
