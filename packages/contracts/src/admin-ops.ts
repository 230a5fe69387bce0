import { z } from 'zod';
import { auditCategories } from './audit';
import { cacheNamespaceStatsSchema } from './catalogue';
import { id, int4, safeString } from './fields';
import { type LogSort, logSorts } from './log-sorts';
import { defineEvent } from './messaging';
import { type SettingKey, settingKeys } from './setting-keys';
import { languageSchema } from './users';

/**
 * The admin service's HTTP contracts (requirements O2.3, O2.4, O2.6, O2.7, O3, O7): the audit log,
 * news, translations and settings with the VK → Discord relay.
 */

// --- audit log ---

/** A calendar date (`2026-11-23`, a day in the service's time zone) or an ISO date-time. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const logDateSchema = z
  .string()
  .max(40)
  .refine((v) => {
    if (DATE_ONLY.test(v)) {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }
    return DATE_TIME.test(v) && !Number.isNaN(new Date(v).getTime());
  }, 'must be a date (YYYY-MM-DD) or an ISO date-time');

export { type LogSort, logSorts };

/** Filters of GET /admin/logs and /admin/logs/export (empty strings count as absent). */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const logFiltersSchema = z.object({
  category: z.preprocess(emptyToUndefined, z.enum(auditCategories).optional()),
  /** The actor's numeric id or Discord ID. */
  adminId: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,25}$/, 'must be a user id or a Discord ID (digits)')
      .optional(),
  ),
  action: z.preprocess(emptyToUndefined, safeString().max(100).optional()),
  startDate: z.preprocess(emptyToUndefined, logDateSchema.optional()),
  endDate: z.preprocess(emptyToUndefined, logDateSchema.optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(logSorts).default('date-desc')),
});
export type LogFilters = z.infer<typeof logFiltersSchema>;

/**
 * GET /admin/logs/export: the filters, and the one language of the export's descriptions and
 * column names (additive; the caller's language when absent).
 */
export const logExportQuerySchema = logFiltersSchema.extend({ lang: languageSchema.optional() });

export const LOG_PAGE_SIZES = [25, 50, 100] as const;
export const LOG_DEFAULT_LIMIT = 50;
export const LOG_MAX_LIMIT = 500;
export const logListQuerySchema = logFiltersSchema.extend({
  limit: int4(1, LOG_MAX_LIMIT).default(LOG_DEFAULT_LIMIT),
  offset: int4(0).default(0),
});

/** The acting user as the log shows it (requirements O3: Admin {discordId, avatar, username}). */
export const logAdminSchema = z.object({
  id: z.number().int(),
  discordId: z.string(),
  avatar: z.string().nullable(),
  username: z.string(),
});

export const logEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  /** Null for the system or for a user the log has not heard of ('Неизвестно'). */
  Admin: logAdminSchema.nullable(),
  action: z.string(),
  category: z.enum(auditCategories),
  description: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  service: z.string(),
  createdAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logListSchema = z.object({ rows: z.array(logEntrySchema), count: z.number().int() });

export const logStatsSchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  byCategory: z.record(z.string(), z.number().int()),
});
export const logCategoryOptionsSchema = z.array(
  z.object({ value: z.enum(auditCategories), label: z.string() }),
);
export const logActionOptionsSchema = z.array(
  z.object({ value: z.string(), label: z.string(), count: z.number().int() }),
);

// --- news ---

export const newsTypes = ['update', 'changelog', 'announcement', 'info'] as const;
export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 20_000;
export const NEWS_TAG_MAX = 50;
export const NEWS_TAGS_MAX = 20;

/** Tags: a list, or comma-separated text; trimmed, empties dropped, duplicates dropped (requirements O5). */
const tagsSchema = z
  .union([z.array(safeString().max(NEWS_TAG_MAX * 2)), safeString().max(2000)])
  .transform((v) => {
    const list = (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter((t) => t !== '');
    return [...new Set(list)];
  })
  .pipe(z.array(z.string().max(NEWS_TAG_MAX)).max(NEWS_TAGS_MAX));

export const NEWS_TRANSLATIONS_MAX = 20;
const newsTextSchema = z.object({
  title: safeString().trim().min(1, 'title is required').max(NEWS_TITLE_MAX),
  content: safeString().trim().min(1, 'content is required').max(NEWS_CONTENT_MAX),
});
/**
 * The item in other languages, by language code (issue 12, beyond the spec): the home page and
 * the feed show a reader the one in their language where it exists, else the item itself.
 */
const newsTranslationsSchema = z
  .record(languageSchema, newsTextSchema)
  .refine((v) => Object.keys(v).length <= NEWS_TRANSLATIONS_MAX, {
    message: `at most ${NEWS_TRANSLATIONS_MAX} translations`,
  });

export const newsInputSchema = z.object({
  ...newsTextSchema.shape,
  type: z.enum(newsTypes),
  tags: tagsSchema.default([]),
  translations: newsTranslationsSchema.default({}),
  published: z.boolean().default(false),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.enum(newsTypes),
  tags: z.array(z.string()),
  translations: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z.array(newsItemSchema);

/**
 * A news item was created, changed or deleted (issue 28): the pages showing news re-read them at
 * once (the gateway's live stream tells every open page). Only the id and whether it is
 * published: a draft's text never leaves the admin service this way.
 */
const newsChangeSchema = z.object({ id: z.number().int(), published: z.boolean() });
export const newsCreated = defineEvent('news.created', newsChangeSchema);
export const newsUpdated = defineEvent('news.updated', newsChangeSchema);
export const newsDeleted = defineEvent('news.deleted', newsChangeSchema);
export const NEWS_EVENT_TYPES = [newsCreated.type, newsUpdated.type, newsDeleted.type] as const;
export const newsQuerySchema = z.object({
  includeUnpublished: z.enum(['0', '1', 'true', 'false']).optional(),
});
/** GET /api/news/feed.xml?lang= (additive): the feed in a language, where items have it. */
export const newsFeedQuerySchema = z.object({ lang: languageSchema.optional() });
export const newsIdParamsSchema = z.object({ id: id() });
/** DELETE /api/admin/news/{id}. */
export const newsDeletedSchema = z.object({ success: z.literal(true), id: z.number().int() });

// --- translations ---

/**
 * A language code as the translations store it: its canonical BCP 47 form (`en-us` → `en-US`,
 * `PT-br` is refused by the pattern, `pt-br` → `pt-BR`), so one language is never two (rules §29).
 */
export const languageCodeSchema = languageSchema.transform((code, ctx) => {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not a language tag (en, ru, pt-BR)' });
    return z.NEVER;
  }
});

/**
 * GET /api/i18n/{lang}: a language's texts, nested objects of strings by key (the editor's
 * validation in the admin service says what may be saved).
 */
export const translationsAnswerSchema = z.record(z.string(), z.unknown());
/** GET /api/i18n (additive): the languages that have translations. */
export const languageSummarySchema = z.object({
  lang: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  texts: z.number().int(),
});
export const languageSummaryListSchema = z.array(languageSummarySchema);
/** POST /admin/i18n: the saved language, its new version and what changed, in keys. */
export const translationsSavedSchema = z.object({
  lang: z.string(),
  version: z.number().int(),
  created: z.boolean(),
  keys: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  total: z.number().int(),
});

// --- settings and the relay ---

export { type SettingKey, settingKeys };
export const SECRET_SETTINGS: readonly SettingKey[] = ['vk.token'];
export const DEFAULT_FRESHNESS_SECONDS = 1800;
export const DEFAULT_SCHEDULE = '*/30 * * * *';

export const vkGroupSchema = z.object({
  id: z.coerce
    .string()
    .trim()
    .regex(/^-?\d{1,19}$/, 'a VK wall owner id (digits, negative for a community)'),
  name: safeString().trim().max(200).default(''),
});
export type VkGroup = z.infer<typeof vkGroupSchema>;

export const settingSaveSchema = z.object({
  key: z.enum(settingKeys),
  value: z.unknown(),
  description: safeString().max(500).nullable().optional(),
});

export const settingValueSchema = z.object({ key: z.enum(settingKeys), value: z.unknown() });
/**
 * GET /api/config/{key} and POST /api/admin/config: a setting as the screen shows it. A secret
 * (vk.token) has no value, only whether it is set and a mask; `updatedAt` only on reads.
 */
export const settingAnswerSchema = z.object({
  key: z.enum(settingKeys),
  value: z.unknown(),
  isSet: z.boolean().optional(),
  masked: z.string().nullable().optional(),
  description: z.string().nullable(),
  updatedAt: z.string().nullable().optional(),
});

export const channelCheckSchema = z.object({
  name: z.string(),
  id: z.string(),
  guild_id: z.string().nullable(),
});
export const channelIdParamsSchema = z.object({
  id: z.string().regex(/^\d{5,25}$/, 'Укажите корректный ID канала'),
});

export const relayRunSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  posted: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.string()),
});
export const relayRunListSchema = z.array(relayRunSchema);
/** POST /api/admin/vk/run: the run just made. */
export const relayRunResultSchema = z.object({
  id: z.number().int(),
  posted: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.string()),
});

// --- cache administration (requirements O2.8, O3, O7) ---

/** Server cache stats (requirements O3): the totals over the namespaces, the per-user figures, each namespace. */
export const serverCacheStatsSchema = z.object({
  keys: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
  hit_rate: z.number(),
  avg_user_hit_rate: z.number(),
  users_tracked: z.number().int(),
  namespaces: z.array(cacheNamespaceStatsSchema),
});
export type ServerCacheStats = z.infer<typeof serverCacheStatsSchema>;

/** GET /api/admin/cache/stats. */
export const adminCacheStatsResponseSchema = z.object({ application_cache: serverCacheStatsSchema });

/** POST /api/admin/cache/clear (additive): which namespaces were emptied, and how many keys went. */
export const adminCacheClearResponseSchema = z.object({
  success: z.literal(true),
  namespaces: z.array(z.string()),
  keysRemoved: z.number().int(),
});

/** POST /api/admin/cache/cleanup (additive): expired entries removed, idle users forgotten. */
export const adminCacheCleanupResponseSchema = z.object({
  success: z.literal(true),
  expiredRemoved: z.number().int(),
  usersForgotten: z.number().int(),
});
