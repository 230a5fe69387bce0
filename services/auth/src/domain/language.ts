import { type Language, SUPPORTED_LANGUAGES } from '@acg/contracts';
import { ValidationError } from '@acg/platform';

export function parseLanguage(value: string): Language {
  const found = SUPPORTED_LANGUAGES.find((l) => l === value);
  if (!found) {
    throw new ValidationError(
      `Unsupported language "${value}": use one of ${SUPPORTED_LANGUAGES.join(', ')}`,
      {
        supported: SUPPORTED_LANGUAGES,
      },
    );
  }
  return found;
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
