import { isBundledLanguage } from '@acg/contracts';
import { SERVER_NAMESPACE, serverTextsDiff } from '@acg/i18n/server';
import type { Db, Tx } from '@acg/platform';
import { asc, eq, sql } from 'drizzle-orm';
import { translations } from '../db/schema';
import type { Translations } from '../domain/translations';

export async function findTranslations(db: Db | Tx, lang: string) {
  const [row] = await db.select().from(translations).where(eq(translations.lang, lang));
  return row ? { ...row, data: row.data as Translations } : null;
}

/** Every language with its version and how many non-empty texts it has (any depth). */
export const listLanguages = (db: Db) =>
  db
    .select({
      lang: translations.lang,
      version: translations.version,
      updatedAt: translations.updatedAt,
      texts: sql<number>`jsonb_array_length(jsonb_path_query_array(${translations.data}, 'strict $.** ? (@.type() == "string" && @ != "")'))::int`,
    })
    .from(translations)
    .orderBy(asc(translations.lang));

/**
 * The languages a visitor may choose: the bundled ones always, an added one once it has at
 * least one non-empty text (rules §31).
 */
export async function selectableLanguages(db: Db): Promise<string[]> {
  const added = (await listLanguages(db)).filter((l) => l.texts > 0 && !isBundledLanguage(l.lang));
  return added.map((l) => l.lang);
}

/** Writes a language's translations and bumps its version (the ETag). */
export async function writeTranslations(tx: Db | Tx, lang: string, data: Translations) {
  const [row] = await tx
    .insert(translations)
    .values({ lang, data, version: 1 })
    .onConflictDoUpdate({
      target: translations.lang,
      set: { data, version: sql`${translations.version} + 1`, updatedAt: new Date() },
    })
    .returning({ version: translations.version });
  return row!.version;
}

/**
 * The services' texts administrators changed: each language's stored `server` namespace where it
 * differs from the bundled texts (non-empty texts only), by language; languages without a
 * change are left out (rules §49).
 */
export async function changedServerTexts(db: Db): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db
    .select({ lang: translations.lang, server: sql<unknown>`${translations.data} -> ${SERVER_NAMESPACE}` })
    .from(translations);
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const diff = serverTextsDiff(row.lang, row.server);
    if (diff) out[row.lang] = diff;
  }
  return out;
}
