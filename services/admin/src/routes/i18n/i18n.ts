import { createHash } from 'node:crypto';
import {
  languageCodeSchema,
  languageSummaryListSchema,
  translationsAnswerSchema,
  translationsSaved,
  translationsSavedSchema,
} from '@acg/contracts';
import { fallbackChain } from '@acg/i18n';
import { t } from '@acg/i18n/server';
import {
  auditEventFor,
  type Cache,
  ConflictError,
  type Database,
  enqueue,
  type HttpServer,
  ifNoneMatchHits,
  makeEvent,
  NotFoundError,
  type OutboxRelay,
  text,
} from '@acg/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { checkExpansion } from '../../domain/translation-expansion';
import { diffCounts, validateTranslations } from '../../domain/translations';
import { findTranslations, listLanguages, writeTranslations } from '../../repository/translations';

export interface I18nRoutesDeps {
  database: Database;
  cache: Cache;
  outboxRelay: Pick<OutboxRelay, 'kick'>;
}

/** What GET /api/i18n/{lang} sends, kept serialised in the cache until the language is saved. */
interface CachedLanguage {
  etag: string;
  body: string;
}
export const I18N_CACHE_NAMESPACE = 'i18n';
const CACHE_SECONDS = 3600;
/** Browsers and shared caches keep a language a minute, then revalidate with the ETag. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Translations (requirements O2.6, O7): served to everyone, saved by administrators. */
export function registerI18nRoutes(app: HttpServer, { database, cache, outboxRelay }: I18nRoutesDeps): void {
  const { db } = database;
  const cached = cache.namespace(I18N_CACHE_NAMESPACE);

  const load = async (lang: string): Promise<CachedLanguage | null> => {
    const hit = await cached.get<CachedLanguage>(lang);
    if (hit) return hit;
    const row = await findTranslations(db, lang);
    if (!row) return null;
    const body = JSON.stringify(row.data);
    const entry = { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, body };
    await cached.set(lang, entry, CACHE_SECONDS);
    return entry;
  };

  // The texts are sent as the JSON kept in the cache: Fastify sends a string as it is, so the
  // response schema documents the answer (OpenAPI) without serializing it.
  const languageSchema = {
    params: z.object({ lang: languageCodeSchema }),
    response: { 200: translationsAnswerSchema, 304: z.void() },
  };
  app.get('/api/i18n/:lang', { schema: languageSchema }, async (req, reply) => {
    const entry = await load(req.params.lang);
    if (!entry) throw new NotFoundError(text('admin.noTranslations', { lang: req.params.lang }));
    reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
    if (ifNoneMatchHits(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    const untyped: FastifyReply = reply;
    return untyped.type('application/json; charset=utf-8').send(entry.body);
  });

  /** Additive: the languages that have translations (the language selector, the editor). */
  app.get('/api/i18n', { schema: { response: { 200: languageSummaryListSchema } } }, async () =>
    (await listLanguages(db)).map((l) => ({
      lang: l.lang,
      version: l.version,
      updatedAt: l.updatedAt.toISOString(),
      texts: l.texts,
    })),
  );

  /**
   * Saves a language's whole translations object, or creates a language with `{}`. An empty
   * object for a language that exists is refused (it would wipe it): 409.
   */
  app.post(
    '/admin/i18n',
    {
      schema: {
        querystring: z.object({ lang: languageCodeSchema }),
        body: z.unknown(),
        response: { 200: translationsSavedSchema },
      },
    },
    async (req) => {
      const { lang } = req.query;
      const data = validateTranslations(req.body);
      // Refused before anything is written when its $t() texts would expand too far; a key the
      // language lacks is looked up down its fallback chain, as the site and the services do.
      const fallbacks = await Promise.all(
        fallbackChain(lang)
          .slice(1)
          .map(async (other) => (await findTranslations(db, other))?.data ?? {}),
      );
      checkExpansion(data, fallbacks, req.identity.language);
      const result = await database.transaction(async (tx) => {
        const existing = await findTranslations(tx, lang);
        const creating = existing === null;
        if (!creating && Object.keys(data).length === 0)
          throw new ConflictError(t(req.identity.language, 'admin.languageExists'), { lang });
        const diff = diffCounts(existing?.data ?? {}, data);
        const version = await writeTranslations(tx, lang, data);
        // The services re-read their texts (`server`) when they hear it (rules §49).
        await enqueue(tx, outbox, makeEvent(translationsSaved, { lang, version }));
        await enqueue(
          tx,
          outbox,
          auditEventFor(req, 'admin', {
            action: creating ? 'translations.language-added' : 'translations.saved',
            category: 'system',
            description: creating
              ? `Added language ${lang} (${diff.total} keys)`
              : `Saved ${lang} translations: ${diff.added} added, ${diff.changed} changed, ${diff.removed} removed`,
            targetType: 'translations',
            targetId: lang,
            after: diff,
          }),
        );
        return { lang, version, created: creating, keys: diff.total, ...diff };
      });
      await cached.delete(lang);
      outboxRelay.kick();
      return result;
    },
  );
}
