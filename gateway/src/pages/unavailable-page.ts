import { bundledLanguageOf } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import { RateLimitError } from '@acg/platform';
import { xmlAttr, xmlText } from '@acg/platform/escape';

/**
 * The page a browser navigation gets when what it asked for is unavailable (503): a sign-in
 * while auth is down, most often (rules §48). Plain HTML, no script or style of its own, in the
 * visitor's language (their session's when known, else their browser's), saying what happened
 * and that trying again later will do.
 */
const TEXTS = {
  en: {
    title: 'Temporarily unavailable',
    signIn: 'Signing in is temporarily unavailable. Please try again in a minute.',
    other: 'This part of the site is temporarily unavailable. Please try again in a minute.',
    home: 'Back to the home page',
  },
  ru: {
    title: 'Временно недоступно',
    signIn: 'Вход временно недоступен. Попробуйте ещё раз через минуту.',
    other: 'Этот раздел сайта временно недоступен. Попробуйте ещё раз через минуту.',
    home: 'На главную',
  },
} as const;

/** en or ru from an Accept-Language header: the first of the two the browser lists. */
export function browserLanguage(acceptLanguage: string | undefined): 'en' | 'ru' {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

export function unavailablePage(language: string, path: string): string {
  const lang = bundledLanguageOf(language);
  const t = TEXTS[lang];
  const message = /^\/auth(\/|$)/.test(path) ? t.signIn : t.other;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title></head><body><main><h1>${t.title}</h1><p>${message}</p><p><a href="/">${t.home}</a></p></main></body></html>`;
}

/**
 * The page a browser navigation gets past a rate limit (429; the sign-in limit, most often):
 * in the visitor's language, saying when to try again, with a link that does (issue 22 item 4).
 * API calls keep the JSON error.
 */
export function rateLimitedPage(language: string, retryAfterSeconds: number, path: string): string {
  const lang = bundledLanguageOf(language);
  const count = Math.max(1, Math.ceil(retryAfterSeconds));
  const title = t(lang, 'platform.tooManyTitle');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${xmlText(title)}</title></head><body><main><h1>${xmlText(title)}</h1><p>${xmlText(t(lang, 'platform.tooManyWait', { count }))}</p><p><a href="${xmlAttr(path)}">${xmlText(t(lang, 'platform.tryAgain'))}</a> · <a href="/">${xmlText(t(lang, 'platform.homePage'))}</a></p></main></body></html>`;
}

/**
 * The page a browser navigation gets instead of a JSON error, for the refusals a person can do
 * something about by waiting: 503 (unavailable) and 429 (rate limited); undefined for any other.
 */
export function refusalPage(
  status: number,
  error: unknown,
  language: string,
  path: string,
): string | undefined {
  if (status === 503) return unavailablePage(language, path);
  if (status === 429)
    return rateLimitedPage(
      language,
      error instanceof RateLimitError ? (error.retryAfterSeconds ?? 60) : 60,
      path,
    );
  return undefined;
}
