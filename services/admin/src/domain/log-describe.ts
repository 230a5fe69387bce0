import { type ServerKey, t } from '@acg/i18n/server';

/**
 * The audit log's descriptions in the reader's language (issue 28): each row is described from
 * what it records (action, target, before and after), not from the sentence the service wrote
 * when it happened, and names users and objects by name with the id beside it:
 * "Access level of Aiko (#1): User → Moderator". A row no template knows shows its action and
 * target. Templates: `server.admin.audit.<action>`.
 */
export interface DescribedRow {
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** Names of users the log knows, by id (the users projection). */
export type UserNames = ReadonlyMap<number, string>;

type Fields = Record<string, unknown>;
const fields = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {});
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const length = (v: unknown): number | undefined => (Array.isArray(v) ? v.length : undefined);

const LEVELS = ['0', '1', '2', '3', '4'] as const;
const levelName = (language: string, level: unknown) =>
  typeof level === 'number' && level >= 0 && level <= 4
    ? t(language, `auth.levels.${LEVELS[level]!}`)
    : String(level ?? '?');

/** "Name (#id)", "#id" without a name, the name alone without an id. */
function named(language: string, name: string | undefined, id: string | number | undefined | null): string {
  if (id === undefined || id === null || id === '') return name ?? '';
  return name ? t(language, 'admin.audit.target', { name, id }) : t(language, 'admin.audit.targetId', { id });
}

/** The name of what a row changed: a user's from the users projection, else what its record holds. */
function targetName(row: DescribedRow, before: Fields, after: Fields, names: UserNames): string | undefined {
  if (row.targetType === 'user') return names.get(Number(row.targetId));
  for (const record of [after, before]) {
    const name =
      text(record.name) ?? text(record.title) ?? text(record.characterName) ?? text(record.code) ?? undefined;
    if (name) return name;
  }
  return undefined;
}

const user = (language: string, names: UserNames, id: unknown) =>
  typeof id === 'number' ? named(language, names.get(id), id) : undefined;

/** The values of the row's template. */
function valuesOf(row: DescribedRow, language: string, names: UserNames): Record<string, string | number> {
  const before = fields(row.before);
  const after = fields(row.after);
  const from = user(language, names, after.fromUserId);
  const to = user(language, names, after.toUserId);
  const values: Record<string, string | number | undefined> = {
    target: named(language, targetName(row, before, after, names), row.targetId),
    action: row.action,
    key: row.targetId ?? '',
    lang: row.targetId ?? '',
    parties: from && to ? t(language, 'admin.audit.parties', { from, to }) : '',
    count:
      num(after.added) ??
      num(after.cleanedCount) ??
      num(after.keysRemoved) ??
      num(after.expiredRemoved) ??
      length(after.ids) ??
      0,
    rank: text(after.rankCode) ?? text(after.rankId) ?? '?',
    created: length(after.created) ?? 0,
    updated: length(after.updated) ?? 0,
    users: num(after.usersForgotten) ?? 0,
    scores: num(after.scores) ?? 0,
    ranks: num(after.ranks) ?? 0,
    posted: num(after.posted) ?? 0,
    skipped: num(after.skipped) ?? 0,
    errors: num(after.errors) ?? length(after.errors) ?? 0,
    added: num(after.added) ?? 0,
    changed: num(after.changed) ?? 0,
    removed: num(after.removed) ?? 0,
    total: num(after.total) ?? 0,
  };
  if (row.action === 'user.level-changed') {
    values.from = levelName(language, before.adminLevel);
    values.to = levelName(language, after.adminLevel);
  } else {
    values.from = text(before.rank) ?? text(before.title) ?? '?';
    values.to = text(after.rank) ?? text(after.title) ?? '?';
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;
}

/** The template of an action (`card.deleted` → `admin.audit.card.deleted`), if there is one. */
function templateOf(action: string, language: string): ServerKey | undefined {
  if (!/^[a-z]+\.[a-z-]+$/.test(action)) return undefined;
  const key = `admin.audit.${action}` as ServerKey;
  // A missing text comes back as its key.
  return t(language, key) === key ? undefined : key;
}

/** One row's description in `language`. */
export function describeLogRow(row: DescribedRow, language: string, names: UserNames): string {
  const values = valuesOf(row, language, names);
  const key = templateOf(row.action, language);
  if (key) return t(language, key, values);
  return row.targetId
    ? t(language, 'admin.audit.other', values)
    : t(language, 'admin.audit.otherNoTarget', values);
}

/** The user ids a row names (its target user, a trade's two parties): their names are looked up. */
export function userIdsOf(row: Pick<DescribedRow, 'targetType' | 'targetId' | 'after'>): number[] {
  const after = fields(row.after);
  const ids = [after.fromUserId, after.toUserId].filter((id): id is number => typeof id === 'number');
  if (row.targetType === 'user' && row.targetId && /^\d{1,9}$/.test(row.targetId))
    ids.push(Number(row.targetId));
  return ids;
}
