import type { Character } from '@acg/contracts';
import { callRoute, NetworkError } from './client';
import { HttpError } from './http';

export interface CharacterFilter {
  animeId: string;
  rankCode: string;
}
export interface CharacterPage {
  items: Character[];
  total: number;
  nextAfter: number | null;
}
export const PAGE_SIZE = 60;
// The additive paging headers (contracts/catalogue.ts TOTAL_COUNT_HEADER, NEXT_AFTER_HEADER).
export const TOTAL_COUNT = 'x-total-count';
export const NEXT_AFTER = 'x-next-after';

/**
 * A failed characters call (requirements M8): which of the spec's messages the page shows, and what
 * follows it. The text itself is translated (`characters.errors.<kind>`): the spec's wording in
 * the ru interface, English in en.
 */
export type CharactersFailureKind = 'api' | 'unexpected' | 'request';
export class CharactersError extends Error {
  constructor(
    readonly kind: CharactersFailureKind,
    readonly detail: string,
    /** What failed, for a request that got no usable answer: the page words it in its language. */
    readonly failure?: unknown,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** A character the grid can show (the spec's "unexpected answer" is a list of anything else). */
const isCharacter = (v: unknown): v is Character => {
  const c = v as Partial<Character> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.id === 'number' &&
    typeof c.name === 'string' &&
    Array.isArray(c.Cards)
  );
};

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
  const query = {
    limit: PAGE_SIZE,
    anime_id: filter.animeId || undefined,
    rank_code: filter.rankCode || undefined,
    after: after ?? undefined,
  };
  let answer: Awaited<ReturnType<typeof callRoute<'GET /api/characters'>>>;
  try {
    answer = await callRoute('GET /api/characters', { query }, signal);
  } catch (err) {
    if (err instanceof NetworkError) throw new CharactersError('request', err.message, err);
    if (!(err instanceof HttpError)) throw err;
    const body = err.body;
    if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
      const { error, details } = body as { error: unknown; details?: unknown };
      throw new CharactersError('api', text(details ?? error));
    }
    // Not an error object (a proxy's error page, say): a failed request.
    throw new CharactersError('request', `HTTP ${err.status}`, err);
  }
  const body: unknown = answer.data;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
    const { error, details } = body as { error: unknown; details?: unknown };
    throw new CharactersError('api', text(details ?? error));
  }
  // A non-list answer, or a list the page cannot show, is an unexpected answer.
  if (!Array.isArray(body) || !body.every(isCharacter))
    throw new CharactersError('unexpected', JSON.stringify(body) ?? String(body));
  const total = Number(answer.headers.get(TOTAL_COUNT) ?? body.length);
  const next = answer.headers.get(NEXT_AFTER);
  return { items: body, total, nextAfter: next ? Number(next) : null };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
