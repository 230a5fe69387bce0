import type { AuditRecord, LogFilters, LogSort } from '@acg/contracts';
import type { Db, Tx } from '@acg/platform';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditCounts, auditLog, users } from '../db/schema';

type Reader = Db | Tx;

/** Appends one audit record (the consumer's only write); an event seen before changes nothing. */
export async function appendAuditRecord(tx: Tx, eventId: string, occurredAt: Date, rec: AuditRecord) {
  await tx
    .insert(auditLog)
    .values({
      eventId,
      actorId: rec.actorId,
      action: rec.action,
      category: rec.category,
      description: rec.description,
      targetType: rec.targetType,
      targetId: rec.targetId,
      before: rec.before ?? null,
      after: rec.after ?? null,
      ip: rec.ip,
      service: rec.service,
      createdAt: occurredAt,
    })
    .onConflictDoNothing({ target: auditLog.eventId });
}

export interface LogBounds {
  /** Inclusive start, or none. */
  start: Date | null;
  /** Exclusive end, or none. */
  end: Date | null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants of the date filters: a calendar date is midnight of that day in `timeZone` (an
 * end date includes its whole day); a date-time is that instant (an end date-time includes its
 * millisecond). PostgreSQL converts calendar dates, so time zone rules are its own.
 */
export async function resolveBounds(
  db: Reader,
  f: Pick<LogFilters, 'startDate' | 'endDate'>,
  timeZone: string,
): Promise<LogBounds> {
  const local = async (date: string, days: number) => {
    const { rows } = await db.execute<{ at: Date | string }>(
      sql`select ((${date}::date + ${days}::int)::timestamp at time zone ${timeZone}::text) as at`,
    );
    return new Date(rows[0]!.at);
  };
  const start = !f.startDate
    ? null
    : DATE_ONLY.test(f.startDate)
      ? await local(f.startDate, 0)
      : new Date(f.startDate);
  const end = !f.endDate
    ? null
    : DATE_ONLY.test(f.endDate)
      ? await local(f.endDate, 1)
      : new Date(new Date(f.endDate).getTime() + 1);
  return { start, end };
}

/** The WHERE conditions of the log's filters (requirements O2.3). */
export function logConditions(f: Omit<LogFilters, 'sort'>, bounds: LogBounds): SQL | undefined {
  const where: SQL[] = [];
  if (f.category) where.push(eq(auditLog.category, f.category));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.adminId) {
    // A numeric user id or a Discord ID: either may be typed into the one box.
    const byDiscord = inArray(
      auditLog.actorId,
      sql`(select ${users.id} from ${users} where ${users.discordId} = ${f.adminId})`,
    );
    const asId = Number(f.adminId);
    where.push(asId <= 2_147_483_647 ? (or(eq(auditLog.actorId, asId), byDiscord) as SQL) : byDiscord);
  }
  if (bounds.start) where.push(gte(auditLog.createdAt, bounds.start));
  if (bounds.end) where.push(lt(auditLog.createdAt, bounds.end));
  return where.length ? and(...where) : undefined;
}

const orderOf = (sort: LogSort): SQL[] => {
  switch (sort) {
    case 'date-asc':
      return [asc(auditLog.createdAt), asc(auditLog.id)];
    case 'admin-asc':
      return [sql`${users.username} asc nulls last`, desc(auditLog.createdAt), desc(auditLog.id)];
    case 'admin-desc':
      return [sql`${users.username} desc nulls last`, desc(auditLog.createdAt), desc(auditLog.id)];
    case 'category-asc':
      return [asc(auditLog.category), desc(auditLog.createdAt), desc(auditLog.id)];
    case 'action-asc':
      return [asc(auditLog.action), desc(auditLog.createdAt), desc(auditLog.id)];
    default:
      return [desc(auditLog.createdAt), desc(auditLog.id)];
  }
};

const rowColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  action: auditLog.action,
  category: auditLog.category,
  description: auditLog.description,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  service: auditLog.service,
  createdAt: auditLog.createdAt,
  username: users.username,
  discordId: users.discordId,
  avatar: users.avatar,
};

/** The log rows of one page, with their actor (left join: the actor may be unknown). */
export function logRowsQuery(db: Reader, filters: LogFilters, bounds: LogBounds) {
  return db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(logConditions(filters, bounds))
    .orderBy(...orderOf(filters.sort))
    .$dynamic();
}
export type LogRow = Awaited<ReturnType<typeof logRowsQuery>>[number];

/**
 * Sorting by administrator name (username, then newest first; rows of unknown actors last).
 * Sorting every matching row by a joined column took seconds over a million rows, so the page is
 * read actor by actor instead: the known actors in name order, each actor's rows newest first by
 * its index (`audit_log_actor_idx`), at most offset + limit of them per actor — PostgreSQL sorts
 * that incrementally by name and stops at the page. Rows of actors the log does not know come
 * after all of them, newest first.
 */
async function pageByAdministrator(
  db: Reader,
  filters: LogFilters & { limit: number; offset: number },
  bounds: LogBounds,
): Promise<LogRow[]> {
  const { limit, offset } = filters;
  const direction = filters.sort === 'admin-desc' ? sql`desc` : sql`asc`;
  const conditions = logConditions(filters, bounds);
  const matching = conditions ? sql`and ${conditions}` : sql``;
  const known = await db.execute<{ id: string | number }>(sql`
    select page.id from (
      select ${users.id} as actor, ${users.username} as name from ${users}
      order by ${users.username} ${direction}
    ) actors
    cross join lateral (
      select ${auditLog.id} as id, ${auditLog.createdAt} as at from ${auditLog}
      where ${auditLog.actorId} = actors.actor ${matching}
      order by ${auditLog.createdAt} desc, ${auditLog.id} desc
      limit ${offset + limit}
    ) page
    order by actors.name ${direction}, page.at desc, page.id desc
    limit ${limit} offset ${offset}`);
  const ids = known.rows.map((r) => Number(r.id));
  if (ids.length < limit) {
    // Past the known actors' rows: how many there are decides where the unknown ones start.
    const knownTotal =
      ids.length > 0
        ? offset + ids.length
        : await db
            .select({ n: count() })
            .from(auditLog)
            .innerJoin(users, eq(users.id, auditLog.actorId))
            .where(conditions)
            .then((r) => r[0]?.n ?? 0);
    const unknownActor = sql`(${auditLog.actorId} is null or not exists (select 1 from ${users} where ${users.id} = ${auditLog.actorId}))`;
    const rest = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(conditions ? and(conditions, unknownActor) : unknownActor)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit - ids.length)
      .offset(Math.max(0, offset - knownTotal));
    ids.push(...rest.map((r) => r.id));
  }
  if (ids.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(inArray(auditLog.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Buckets are whole UTC days (epoch milliseconds divide evenly: no leap seconds in them). */
const DAY = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY) * DAY);

async function exactCount(db: Reader, filters: Omit<LogFilters, 'sort'>, bounds: LogBounds): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(logConditions(filters, bounds));
  return row?.n ?? 0;
}

/**
 * How many rows match. Filters by actor are counted row by row (an actor's rows are few, by
 * index); otherwise whole days come from the daily counts and only the partial days at the
 * edges of a date range are counted in the log itself (by index), so the answer is exact and cheap.
 */
export async function countLog(
  db: Reader,
  filters: Omit<LogFilters, 'sort'>,
  bounds: LogBounds,
): Promise<number> {
  if (filters.adminId) return exactCount(db, filters, bounds);
  const { start, end } = bounds;
  const fullFrom = start ? ceilDay(start) : null;
  const fullTo = end ? floorDay(end) : null;
  if (fullFrom && fullTo && fullFrom >= fullTo) return exactCount(db, filters, bounds);
  const where: SQL[] = [];
  if (filters.category) where.push(eq(auditCounts.category, filters.category));
  if (filters.action) where.push(eq(auditCounts.action, filters.action));
  if (fullFrom) where.push(gte(auditCounts.day, fullFrom));
  if (fullTo) where.push(lt(auditCounts.day, fullTo));
  const [buckets, head, tail] = await Promise.all([
    db
      .select({ n: sql<string | null>`sum(${auditCounts.n})` })
      .from(auditCounts)
      .where(and(...where)),
    start && fullFrom && start < fullFrom ? exactCount(db, filters, { start, end: fullFrom }) : 0,
    end && fullTo && fullTo < end ? exactCount(db, filters, { start: fullTo, end }) : 0,
  ]);
  return Number(buckets[0]?.n ?? 0) + head + tail;
}

export async function findLogPage(
  db: Reader,
  filters: LogFilters & { limit: number; offset: number },
  bounds: LogBounds,
): Promise<{ rows: LogRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    filters.sort.startsWith('admin')
      ? pageByAdministrator(db, filters, bounds)
      : logRowsQuery(db, filters, bounds).limit(filters.limit).offset(filters.offset),
    countLog(db, filters, bounds),
  ]);
  return { rows, count: total };
}

/** Total, today (since midnight in `timeZone`) and per category (requirements O2.3 stat cards). */
export async function logStats(db: Reader, timeZone: string) {
  const { rows } = await db.execute<{ at: Date | string }>(
    sql`select ((current_timestamp at time zone ${timeZone}::text)::date::timestamp at time zone ${timeZone}::text) as at`,
  );
  const midnight = new Date(rows[0]!.at);
  const [byCategory, today] = await Promise.all([
    db
      .select({ category: auditCounts.category, n: sql<string>`sum(${auditCounts.n})` })
      .from(auditCounts)
      .groupBy(auditCounts.category),
    countLog(db, {}, { start: midnight, end: null }),
  ]);
  return {
    total: byCategory.reduce((sum, r) => sum + Number(r.n), 0),
    today,
    byCategory: Object.fromEntries(byCategory.map((r) => [r.category, Number(r.n)])),
  };
}

/** Every action written so far with its count, most frequent first. */
export async function logActions(db: Reader) {
  const rows = await db
    .select({ action: auditCounts.action, n: sql<string>`sum(${auditCounts.n})` })
    .from(auditCounts)
    .groupBy(auditCounts.action);
  return rows
    .map((r) => ({ action: r.action, n: Number(r.n) }))
    .sort((a, b) => b.n - a.n || a.action.localeCompare(b.action));
}
