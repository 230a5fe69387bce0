import { type Localized, localize } from '@acg/i18n';
import { useSession } from '../app/session';

/**
 * Names, titles and descriptions of catalogue data in the page's language, along the one
 * fallback order of @acg/i18n (the language, English, the primary name, Japanese; rules §57).
 * Every page shows a character's name and an anime's title through this, so they read the same
 * everywhere.
 */
export function useLocalize() {
  const { language } = useSession();
  return {
    language,
    /** The text in the page's language, else the primary one, else '' (never English by accident). */
    text: (texts: Localized | null | undefined, primary: string | null = null): string =>
      localize(texts, language, primary) ?? '',
  };
}

/** A character's name and description, and an anime's title, for the page's language. */
export const characterName = (c: { name: string; names?: Localized }, language: string): string =>
  localize(c.names, language, c.name) ?? c.name;
export const characterDescription = (
  c: { description: string | null; descriptions?: Localized },
  language: string,
): string | null => localize(c.descriptions, language, c.description);
export const animeTitle = (a: { title: string; titles?: Localized }, language: string): string =>
  localize(a.titles, language, a.title) ?? a.title;
/** A rank's title for the page's language (same shape as an anime's: a primary title and titles). */
export const rankTitle = animeTitle;
