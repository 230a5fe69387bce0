import { type AuditCategory, auditCategories, type LogEntry } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import { neutraliseCell } from '@acg/platform/escape';
import type { LogRow } from '../repository/audit-log';

/**
 * The category options in the visitor's language (requirements O3: category option value and label),
 * the texts `server.admin.categories.*`.
 */
export const categoryOptions = (language: string) =>
  auditCategories.map((value) => ({ value, label: t(language, `admin.categories.${value}`) }));

const asCategory = (c: string): AuditCategory =>
  (auditCategories as readonly string[]).includes(c) ? (c as AuditCategory) : 'other';

/** A log row as the screen shows it; `description` is the row's in the reader's language. */
export function toLogEntry(row: LogRow, description: string = row.description): LogEntry {
  return {
    id: row.id,
    adminId: row.actorId,
    Admin:
      row.actorId !== null && row.username !== null && row.discordId !== null
        ? { id: row.actorId, discordId: row.discordId, avatar: row.avatar, username: row.username }
        : null,
    action: row.action,
    category: asCategory(row.category),
    description,
    targetType: row.targetType,
    targetId: row.targetId,
    ip: row.ip,
    service: row.service,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Formula cells are neutralised by the one CSV rule (@acg/platform/escape). */
export { neutraliseCell };

const CSV_COLUMN_KEYS = [
  'id',
  'admin',
  'adminId',
  'discordId',
  'action',
  'category',
  'description',
  'target',
  'ip',
  'service',
  'date',
] as const;
/** The export's column names in its language (`server.admin.csvColumns.*`). */
export const csvColumns = (language: string): string[] =>
  CSV_COLUMN_KEYS.map((key) => t(language, `admin.csvColumns.${key}`));

/** A raw export row (snake_case columns from the streamed query) as CSV cells. */
export interface ExportRow {
  id: string | number;
  actor_id: number | null;
  username: string | null;
  discord_id: string | null;
  action: string;
  category: string;
  description: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  service: string;
  created_at: Date;
}

/** One exported row's cells; `description` in the export's language; dates ISO 8601 (UTC). */
export const csvCells = (r: ExportRow, description: string): string[] =>
  [
    String(r.id),
    r.username ?? '',
    r.actor_id === null ? '' : String(r.actor_id),
    r.discord_id ?? '',
    r.action,
    r.category,
    description,
    r.target_type ? `${r.target_type}${r.target_id ? `:${r.target_id}` : ''}` : '',
    r.ip ?? '',
    r.service,
    r.created_at.toISOString(),
  ].map(neutraliseCell);
