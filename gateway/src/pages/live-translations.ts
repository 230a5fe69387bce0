import { i18nLanguages } from '@acg/contracts';
import type { Bus, Logger } from '@acg/platform';

export type Translations = Record<string, unknown>;
export type TranslationsLoader = (language: string) => Promise<Translations | null>;

interface Entry {
  etag: string | null;
  data: Translations | null;
  checkedAt: number;
}

/**
 * The live translations of a language for server rendering, from the admin service's
 * GET /api/i18n/{lang}. Each language is revalidated (If-None-Match) at most every `ttlMs`, so a
 * saved edit shows on the next page after that without a restart; concurrent renders share one
 * request. When the admin service is down, slow or has no such language, the last known copy
 * is used, else null (the page renders with the bundled files). With several admin replicas
 * (`baseUrl` a list) each revalidation asks the next one in turn.
 */
export function createTranslationsLoader(opts: {
  baseUrl: string | readonly string[];
  ttlMs: number;
  timeoutMs: number;
  logger: Logger;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}): TranslationsLoader {
  const clock = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Translations | null>>();
  const bases = typeof opts.baseUrl === 'string' ? [opts.baseUrl] : opts.baseUrl;
  let turn = 0;

  const refresh = async (language: string, known: Entry | undefined): Promise<Translations | null> => {
    try {
      const base = bases[turn++ % bases.length];
      const response = await fetch(`${base}/api/i18n/${encodeURIComponent(language)}`, {
        headers: { accept: 'application/json', ...(known?.etag ? { 'if-none-match': known.etag } : {}) },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const now = clock();
      if (response.status === 304 && known) {
        entries.set(language, { ...known, checkedAt: now });
        return known.data;
      }
      if (response.status === 404) {
        entries.set(language, { etag: null, data: null, checkedAt: now });
        return null;
      }
      if (!response.ok) throw new Error(`admin answered ${response.status}`);
      const data = (await response.json()) as unknown;
      const tree =
        typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Translations) : null;
      entries.set(language, { etag: response.headers.get('etag'), data: tree, checkedAt: now });
      return tree;
    } catch (err) {
      opts.logger.debug(
        { err, language },
        'live translations unavailable; using the last known or bundled texts',
      );
      // Try again after the next interval, not on every page.
      entries.set(language, { etag: known?.etag ?? null, data: known?.data ?? null, checkedAt: clock() });
      return known?.data ?? null;
    }
  };

  return (language) => {
    const known = entries.get(language);
    if (known && clock() - known.checkedAt < opts.ttlMs) return Promise.resolve(known.data);
    const pending = inFlight.get(language);
    if (pending) return pending;
    const request = refresh(language, known).finally(() => inFlight.delete(language));
    inFlight.set(language, request);
    return request;
  };
}

export type LanguagesLoader = () => Promise<readonly string[]>;

/**
 * The languages added in the admin area that the language selector offers (those with
 * translations), asked over the bus at most every `ttlMs`; concurrent renders share one request.
 * When the admin service cannot answer, the last known list is used, else none.
 */
export function createLanguagesLoader(opts: {
  bus: Bus;
  ttlMs: number;
  timeoutMs: number;
  logger: Logger;
}): LanguagesLoader {
  let known: readonly string[] = [];
  let checkedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<readonly string[]> | undefined;
  return () => {
    if (Date.now() - checkedAt < opts.ttlMs) return Promise.resolve(known);
    inFlight ??= opts.bus
      .request(i18nLanguages, {}, { timeoutMs: opts.timeoutMs })
      .then(
        ({ languages }) => {
          known = languages;
          return known;
        },
        (err: unknown) => {
          opts.logger.debug({ err }, 'added languages unavailable; offering the last known');
          return known;
        },
      )
      .finally(() => {
        checkedAt = Date.now();
        inFlight = undefined;
      });
    return inFlight;
  };
}
