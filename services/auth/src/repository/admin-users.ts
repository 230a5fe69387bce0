import type { AdminUserSort, AdminUsersQuery } from '@acg/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Executor } from './executor';

const adminColumns = {
  id: users.id,
  discordId: users.discordId,
  username: users.username,
  globalName: users.globalName,
  avatar: users.avatar,
  adminLevel: users.adminLevel,
};
export type AdminUserRow = {
  id: number;
  discordId: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  adminLevel: number;
};

/** Names sort case-insensitively, whatever the database's collation. */
const sortColumns: Record<
  AdminUserSort,
  SQL | typeof users.id | typeof users.discordId | typeof users.adminLevel
> = {
  id: users.id,
  discordId: users.discordId,
  username: sql`lower(${users.username})`,
  adminLevel: users.adminLevel,
};

/** `%text%` with LIKE's wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of the users table's search and level filter (the search text is already trimmed). */
function filterOf(q: string | undefined, level: number | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.globalName, pattern),
        ilike(users.discordId, pattern),
        ilike(sql`${users.id}::text`, pattern),
      )!,
    );
  }
  if (level !== undefined) conditions.push(eq(users.adminLevel, level));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page (or all, without limit) of the users table, and how many match. */
export async function findAdminUsers(
  db: Executor,
  query: Omit<AdminUsersQuery, 'q'> & { q: string | undefined },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = filterOf(query.q, query.level);
  const column = sortColumns[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  // Ties (equal names or levels) fall back to the id, so pages never overlap.
  const order = query.sort === 'id' ? [direction(users.id)] : [direction(column), direction(users.id)];
  const base = db
    .select(adminColumns)
    .from(users)
    .where(where)
    .orderBy(...order)
    .offset(query.offset);
  const rows = await (query.limit === undefined ? base : base.limit(query.limit));
  const total =
    query.limit === undefined && query.offset === 0
      ? rows.length
      : ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  return { rows, total };
}

export async function findAdminUser(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The users, locked until the transaction ends (ordered by id, so two changes cannot deadlock). */
export async function lockUsers(db: Executor, ids: number[]) {
  return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('update');
}
