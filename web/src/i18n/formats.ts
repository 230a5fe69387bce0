/*
 * Intl objects, made once per locale and options. Making one loads the locale's data: on a
 * phone's first load (4x slower CPU) formatters built at every render cost a screen about 100 ms
 * of script before its pictures could be asked for (docs/rules.md §28).
 */

const made = new Map<string, unknown>();

/** What `make` gives, made on the first call with this key and remembered. */
function once<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(`date\n${locale}\n${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string): Intl.NumberFormat =>
  once(`number\n${locale}`, () => new Intl.NumberFormat(locale));

export const relativeTimeFormat = (locale: string): Intl.RelativeTimeFormat =>
  once(`relative\n${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));

/** A language's name in itself (Deutsch, 日本語), for a language the bundled texts do not name. */
export const nativeName = (code: string): string =>
  once(`language\n${code}`, () => {
    try {
      return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  });

/**
 * The site's one date style (issue 22 item 5): day, month, year and time, in the page's language
 * through Intl ("Nov 27, 2026, 11:17 AM" in English, day month year and a 24-hour time in Russian). Every member and admin
 * screen shows dates through this (components/DateTime.tsx); exports (the action log's CSV) keep
 * ISO 8601.
 */
export const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A moment (an ISO 8601 text or a Date) in the site's date style; '-' for none or an unreadable one. */
export function formatDateTime(language: string, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? '-' : dateFormat(language, DATE_TIME_STYLE).format(at);
}

/** A number in the page's language (12,345 / 12 345). */
export const formatNumber = (language: string, value: number): string => numberFormat(language).format(value);
