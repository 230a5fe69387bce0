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

/** A failed characters call, with the page's message for it (spec 1 §8). */
export class CharactersError extends Error {}

/**
 * GET /api/characters, one page (the additive `limit`/`after` paging). Errors keep the spec's
 * wording: an error object gives 'API error: ' + details or error, a non-list answer
 * 'Неожиданный ответ API: ' + its JSON, a failed request 'Ошибка запроса: ' + the message.
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
  let body: unknown;
  try {
    response = await fetch(`/api/characters?${params}`, {
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    body = await response.json();
  } catch (err) {
    if (signal.aborted) throw err;
    throw new CharactersError(`Ошибка запроса: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
    const { error, details } = body as { error: unknown; details?: unknown };
    const detail = typeof details === 'string' ? details : String(error);
    throw new CharactersError(`API error: ${detail}`);
  }
  if (!Array.isArray(body)) throw new CharactersError(`Неожиданный ответ API: ${JSON.stringify(body)}`);
  const items = z.parse(z.array(characterSchema), body);
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  const next = response.headers.get('x-next-after');
  return { items, total, nextAfter: next ? Number(next) : null };
}
