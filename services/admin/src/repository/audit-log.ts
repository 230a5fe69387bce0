import type { AuditRecord, LogFilters, LogSort } from '@acg/contracts';
import type { Db, Tx } from '@acg/platform';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditLog, users } from '../db/schema';

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

/**
 * A date filter bound: a calendar date is midnight of that day in `timeZone` (an end date
 * includes its whole day); a date-time is that instant.
 */
const bound = (value: string, timeZone: string, end: boolean): SQL =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? sql`((${value}::date + ${sql.raw(end ? '1' : '0')})::timestamp at time zone ${timeZone}::text)`
    : sql`${value}::timestamptz`;

/** The WHERE conditions of the log's filters (spec 3 §2.3). */
export function logConditions(f: Omit<LogFilters, 'sort'>, timeZone: string): SQL | undefined {
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
  if (f.startDate) where.push(gte(auditLog.createdAt, bound(f.startDate, timeZone, false)));
  if (f.endDate) {
    const end = bound(f.endDate, timeZone, true);
    where.push(
      /^\d{4}-\d{2}-\d{2}$/.test(f.endDate)
        ? lt(auditLog.createdAt, end)
        : sql`${auditLog.createdAt} <= ${end}`,
    );
  }
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
  ip: auditLog.ip,
  service: auditLog.service,
  createdAt: auditLog.createdAt,
  username: users.username,
  discordId: users.discordId,
  avatar: users.avatar,
};

/** The log rows of one page, with their actor (left join: the actor may be unknown). */
export function logRowsQuery(db: Reader, filters: LogFilters, timeZone: string) {
  return db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(logConditions(filters, timeZone))
    .orderBy(...orderOf(filters.sort))
    .$dynamic();
}
export type LogRow = Awaited<ReturnType<typeof logRowsQuery>>[number];

export async function findLogPage(
  db: Reader,
  filters: LogFilters & { limit: number; offset: number },
  timeZone: string,
): Promise<{ rows: LogRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    logRowsQuery(db, filters, timeZone).limit(filters.limit).offset(filters.offset),
    db.select({ n: count() }).from(auditLog).where(logConditions(filters, timeZone)),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Total, today (since midnight in `timeZone`) and per category (spec 3 §2.3 stat cards). */
export async function logStats(db: Reader, timeZone: string) {
  const [byCategory, [today]] = await Promise.all([
    db.select({ category: auditLog.category, n: count() }).from(auditLog).groupBy(auditLog.category),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(
        gte(
          auditLog.createdAt,
          sql`(current_timestamp at time zone ${timeZone})::date::timestamp at time zone ${timeZone}`,
        ),
      ),
  ]);
  return {
    total: byCategory.reduce((sum, r) => sum + r.n, 0),
    today: today?.n ?? 0,
    byCategory: Object.fromEntries(byCategory.map((r) => [r.category, r.n])),
  };
}

/** Every action written so far with its count, most frequent first. */
export const logActions = (db: Reader) =>
  db
    .select({ action: auditLog.action, n: count() })
    .from(auditLog)
    .groupBy(auditLog.action)
    .orderBy(desc(count()), asc(auditLog.action));
