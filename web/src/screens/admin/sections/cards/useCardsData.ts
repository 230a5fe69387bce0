import type { AdminAnime, AdminCard as AdminCardAnswer, ServerCacheStats } from '@acg/contracts';
import { useEffect } from 'react';
import {
  type AdminCard,
  type AdminCharacter,
  type AdminRank,
  type Anime,
  CARD_CACHE_NAMESPACES,
  type CacheNamespace,
  type Season,
  toAnime,
  toCard,
} from '../../../../api/admin-catalogue';
import { asRows, useResourceList, useResourceWrites } from '../../kit/useResource';
import { CHARACTER_SUGGESTIONS } from './AddCardForm';

const cardRows = (answer: AdminCardAnswer[]) => answer.map(toCard);
const animeRows = (answer: AdminAnime[]) => answer.map(toAnime);
const cacheRows = (answer: { application_cache: ServerCacheStats }): CacheNamespace[] =>
  answer.application_cache.namespaces
    .filter((n) => (CARD_CACHE_NAMESPACES as readonly string[]).includes(n.name))
    .map((n) => ({ name: n.name, keys: n.keys, hits: n.hits, misses: n.misses, hitRate: n.hit_rate }));
const SUGGESTIONS = { query: { limit: CHARACTER_SUGGESTIONS } };
/** A card write changes the card list, the cache figures and the member catalogue. */
const CHANGES = ['GET /admin/cards', 'GET /api/admin/cache/stats', 'GET /api/characters'] as const;

/** The section's lists (cards, ranks, seasons, anime, characters, cache figures) and its writes. */
export function useCardsData() {
  const lists = {
    cards: useResourceList('GET /admin/cards', cardRows),
    ranks: useResourceList('GET /admin/ranks', asRows<AdminRank>),
    seasons: useResourceList('GET /admin/seasons', asRows<Season>),
    animes: useResourceList('GET /admin/animes', animeRows),
    characters: useResourceList('GET /admin/characters', asRows<AdminCharacter>, { input: SUGGESTIONS }),
    stats: useResourceList('GET /api/admin/cache/stats', cacheRows),
  };
  const write = useResourceWrites(CHANGES);
  const cards: readonly AdminCard[] = lists.cards.rows;
  const ranks: readonly AdminRank[] = lists.ranks.rows;
  const seasons: readonly Season[] = lists.seasons.rows;
  const animes: readonly Anime[] = lists.animes.rows;
  const characters: readonly AdminCharacter[] = lists.characters.rows;
  const stats = lists.stats.loaded ? lists.stats.rows : null;
  const all = Object.values(lists);
  const loading = all.some((l) => l.loading);
  const reload = () => {
    for (const l of all) l.reload();
  };
  // Requirements C8: data-loading failures are only logged; the lists stay empty.
  const failure = all.find((l) => l.error)?.error;
  useEffect(() => {
    if (failure) console.error('cards section load', failure);
  }, [failure]);
  return { cards, ranks, seasons, animes, characters, stats, loading, reload, write };
}
