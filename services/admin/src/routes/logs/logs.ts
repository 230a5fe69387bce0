import { once } from 'node:events';
import { pipeline, Transform } from 'node:stream';
import {
  logActionOptionsSchema,
  logCategoryOptionsSchema,
  logExportQuerySchema,
  logListQuerySchema,
  logListSchema,
  logStatsSchema,
  mediaAnswer,
} from '@acg/contracts';
import type { Database, HttpServer } from '@acg/platform';
import { stringify } from 'csv-stringify';
import QueryStream from 'pg-query-stream';
import { describeLogRow, userIdsOf } from '../../domain/log-describe';
import { categoryOptions, csvCells, csvColumns, type ExportRow, toLogEntry } from '../../domain/log-view';
import { findLogPage, logActions, logRowsQuery, logStats, resolveBounds } from '../../repository/audit-log';
import { userNames } from '../../repository/users';

export interface LogRoutesDeps {
  database: Database;
  timeZone: string;
}

/**
 * Turns exported rows into CSV cells, each described in `language` and naming its users (looked
 * up once each; '' marks a user the log does not know, shown by id).
 */
function describedCells(db: Database['db'], language: string): Transform {
  const names = new Map<number, string>();
  return new Transform({
    objectMode: true,
    construct(callback) {
      this.push(csvColumns(language));
      callback();
    },
    transform(row: ExportRow, _enc, callback) {
      const described = { ...row, targetType: row.target_type, targetId: row.target_id };
      const missing = userIdsOf(described).filter((id) => !names.has(id));
      const lookup = missing.length > 0 ? userNames(db, missing) : Promise.resolve(new Map<number, string>());
      lookup.then(
        (found) => {
          for (const id of missing) names.set(id, found.get(id) ?? '');
          callback(null, csvCells(row, describeLogRow(described, language, names)));
        },
        (err: Error) => callback(err),
      );
    },
  });
}

/** The audit log screen's calls (requirements O2.3, O7). Access (admin) comes from the route table. */
export function registerLogRoutes(app: HttpServer, { database, timeZone }: LogRoutesDeps): void {
  const { db } = database;

  app.get(
    '/admin/logs',
    { schema: { querystring: logListQuerySchema, response: { 200: logListSchema } } },
    async (req) => {
      const page = await findLogPage(db, req.query, await resolveBounds(db, req.query, timeZone));
      // Descriptions in the reader's language, naming the users they concern (issue 28).
      const names = await userNames(db, page.rows.flatMap(userIdsOf));
      const language = req.identity.language;
      return {
        rows: page.rows.map((row) => toLogEntry(row, describeLogRow(row, language, names))),
        count: page.count,
      };
    },
  );

  app.get('/admin/logs/stats', { schema: { response: { 200: logStatsSchema } } }, () =>
    logStats(db, timeZone),
  );

  app.get(
    '/admin/logs/categories',
    { schema: { response: { 200: logCategoryOptionsSchema } } },
    async (req) => categoryOptions(req.identity.language),
  );

  app.get('/admin/logs/actions', { schema: { response: { 200: logActionOptionsSchema } } }, async () =>
    (await logActions(db)).map((a) => ({ value: a.action, label: a.action, count: a.n })),
  );

  /**
   * The filtered log as CSV (admin_logs.csv), streamed from a server-side cursor: rows go out
   * as PostgreSQL hands them over, so the export's memory does not grow with the log. UTF-8
   * with a byte order mark (spreadsheets then read Cyrillic right), formula cells neutralised.
   */
  const exportSchema = {
    querystring: logExportQuerySchema,
    response: { 200: mediaAnswer('The filtered log as CSV (admin_logs.csv)', ['text/csv']) },
  };
  app.get('/admin/logs/export', { schema: exportSchema }, async (req, reply) => {
    const query = logRowsQuery(db, req.query, await resolveBounds(db, req.query, timeZone)).toSQL();
    const client = await database.pool.connect();
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      // A cursor abandoned midway (the client went away) leaves the connection busy: drop it.
      client.release(err);
    };
    const rows = client.query(new QueryStream(query.sql, query.params as unknown[], { batchSize: 1000 }));
    // One language per export: the `lang` asked for, else the caller's.
    const language = req.query.lang ?? req.identity.language;
    const toCells = describedCells(db, language);
    const csv = stringify({ bom: true });
    pipeline(rows, toCells, csv, (err) => release(err ?? undefined));
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="admin_logs.csv"');
    // If the answer is cut off, stop reading from the cursor.
    once(reply.raw, 'close').then(() => {
      if (!csv.writableFinished) csv.destroy(new Error('client went away'));
    });
    return reply.send(csv);
  });
}
