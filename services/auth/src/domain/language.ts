import { i18nLanguages, LANGUAGE_CODE, type Language, SUPPORTED_LANGUAGES } from '@acg/contracts';
import { type Bus, BusNoRespondersError, text, UnavailableError, ValidationError } from '@acg/platform';

/** The languages added in the admin area that may be chosen now (rules §31). */
export type AddedLanguages = () => Promise<readonly string[]>;

/**
 * Asks the admin service (over the bus) which added languages have translations, remembering
 * the answer for `ttlMs`. A system without the admin service has none; an admin service that
 * does not answer in time makes the check unavailable (503), not a refusal.
 */
export function addedLanguagesFrom(bus: Bus, ttlMs = 5000): AddedLanguages {
  let known: { languages: readonly string[]; at: number } | undefined;
  return async () => {
    if (known && Date.now() - known.at < ttlMs) return known.languages;
    try {
      const { languages } = await bus.request(i18nLanguages, {});
      known = { languages, at: Date.now() };
      return languages;
    } catch (err) {
      if (err instanceof BusNoRespondersError) return [];
      if (known) return known.languages;
      throw new UnavailableError(text('auth.languagesUnavailable'));
    }
  };
}

/**
 * The language a visitor may switch to: en and ru always, an added language once it has
 * translations. Anything else is a 400 naming the languages there are.
 */
export async function parseLanguage(value: string, added: AddedLanguages): Promise<Language> {
  const bundled = SUPPORTED_LANGUAGES.find((l) => l === value);
  if (bundled) return bundled;
  const others = LANGUAGE_CODE.test(value) ? await added() : [];
  if (others.includes(value)) return value;
  const all = [...SUPPORTED_LANGUAGES, ...others];
  throw new ValidationError(text('auth.unsupportedLanguage', { value, all: all.join(', ') }), {
    supported: all,
  });
}

/**
 * The language a visitor chose before signing in follows them into their account; a session
 * that belonged to someone (this user or another person on the same browser) carries nothing,
 * and the account's own language applies.
 */
export function languageCarriedIntoSignIn(
  previous: { userId: number | null; language: Language } | null,
): Language | undefined {
  return previous && previous.userId === null ? previous.language : undefined;
}
