import type { Cache, Database, Logger } from '@acg/platform';
import { addMissing, flatten, validateTranslations } from '../domain/translations';
import { findTranslations, writeTranslations } from '../repository/translations';
import { I18N_CACHE_NAMESPACE } from '../routes/i18n/i18n';

/**
 * Seeds translations from the bundled files (@acg/i18n's editable files: the web texts and, under
 * `server`, the services' texts, rules §49). A language not stored yet is stored as bundled; a stored one only gains the
 * keys it lacks (new strings of a release): what administrators edited is never overwritten.
 */
export async function seedTranslations(
  database: Database,
  files: Record<string, unknown>,
  opts: { cache?: Cache; logger?: Logger } = {},
): Promise<void> {
  const { cache, logger } = opts;
  for (const [lang, content] of Object.entries(files)) {
    const bundled = validateTranslations(content);
    await database.transaction(async (tx) => {
      const stored = await findTranslations(tx, lang);
      const next = stored ? addMissing(stored.data, bundled) : bundled;
      const added = flatten(next).size - (stored ? flatten(stored.data).size : 0);
      if (stored && added === 0) return;
      await writeTranslations(tx, lang, next);
      // The service keeps each language serialised in the cache (routes/i18n): drop the old one.
      await cache?.namespace(I18N_CACHE_NAMESPACE).delete(lang);
      logger?.info({ lang, added }, stored ? 'translations gained new keys' : 'translations seeded');
    });
  }
}
