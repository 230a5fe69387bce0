import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * The texts bundled with the client, by language: the admin service stores them as the first
 * live translations (and adds the keys a release brings), the client falls back to them.
 */
export const bundledTranslationFiles: Readonly<Record<string, Record<string, unknown>>> = { en, ru };
