import * as z from 'zod/mini';
import { type CatalogueCharacter, characterSchema } from './catalogue';

export interface CharacterFilter {
  animeId: string;
  rankCode: string;
}
export interface CharacterPage {
  items: CatalogueCharacter[];
  total: number;
  nextAfter: number | null;
}
export const PAGE_SIZE = 60;
// The additive paging headers (contracts/catalogue.ts TOTAL_COUNT_HEADER, NEXT_AFTER_HEADER).
export const TOTAL_COUNT = 'x-total-count';
export const NEXT_AFTER = 'x-next-after';

/**
 * A failed characters call (spec 1 §8): which of the spec's messages the page shows, and what
 * follows it. The text itself is translated (`characters.errors.<kind>`): the spec's wording in
 * the ru interface, English in en.
 */
export type CharactersFailureKind = 'api' | 'unexpected' | 'request';
export class CharactersError extends Error {
  constructor(
    readonly kind: CharactersFailureKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/**
 * GET /api/characters, one page (the additive `limit`/`after` paging). Errors follow the spec:
 * an error object is an API error with details or error, a non-list answer an unexpected answer
 * with its JSON, a failed request a request error with the message.
 * An aborted request rejects with the AbortError, which the page ignores.
 */
export async function fetchCharacterPage(
  filter: CharacterFilter,
  after: number | null,
  signal: AbortSignal,
): Promise<CharacterPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.animeId) params.set('anime_id', filter.animeId);
  if (filter.rankCode) params.set('rank_code', filter.rankCode);
  if (after !== null) params.set('after', String(after));
  let response: Response;
  let raw: string;
  try {
    response = await fetch(`/api/characters?${params}`, {
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    raw = await response.text();
  } catch (err) {
    if (signal.aborted) throw err;
    throw new CharactersError('request', err instanceof Error ? err.message : String(err));
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON at all (a proxy's error page, say): a failed request, or an odd answer.
    throw response.ok
      ? new CharactersError('unexpected', raw.slice(0, 200))
      : new CharactersError('request', `HTTP ${response.status}`);
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
    const { error, details } = body as { error: unknown; details?: unknown };
    throw new CharactersError('api', text(details ?? error));
  }
  const items = z.safeParse(z.array(characterSchema), body);
  // A non-list answer, or a list the page cannot show, is an unexpected answer.
  if (!items.success) throw new CharactersError('unexpected', JSON.stringify(body) ?? String(body));
  const total = Number(response.headers.get(TOTAL_COUNT) ?? items.data.length);
  const next = response.headers.get(NEXT_AFTER);
  return { items: items.data, total, nextAfter: next ? Number(next) : null };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
