import { randomUUID } from 'node:crypto';
import type { CacheNamespace, Database } from '@acg/platform';
import { drawableCardIdsByRank } from '../repository/cards';

/**
 * The drawable card ids per rank, kept in this process's memory so a draw is a pick from a list
 * plus one look-up by primary key, never a scan of 60,000 cards.
 *
 * The list is reloaded when the day changes (seasons are dates), after MAX_AGE_MS, and when the
 * catalogue changed: edits clear the shared 'cards' cache namespace, which removes the
 * generation mark kept there. A process that finds the mark missing sets a new one before it
 * reloads, and every other replica sees a mark different from the one its list was loaded
 * under, so a change made through any replica reaches all of them on their next draw.
 */
export interface DrawPool {
  idsByRank(at: Date): Promise<Map<string, number[]>>;
  /** Drops this process's list (a drawn id turned out to be gone). */
  reset(): void;
}

const GENERATION_KEY = 'draw-pool-generation';
const MAX_AGE_MS = 5 * 60_000;

interface Loaded {
  day: string;
  generation: string;
  loadedAt: number;
  byRank: Map<string, number[]>;
}

export function createDrawPool(database: Database, marks: CacheNamespace): DrawPool {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;

  const currentGeneration = async () => {
    const mark = await marks.get<string>(GENERATION_KEY);
    if (mark !== undefined) return mark;
    const fresh = randomUUID();
    await marks.set(GENERATION_KEY, fresh);
    return fresh;
  };

  return {
    async idsByRank(at) {
      const day = at.toISOString().slice(0, 10);
      const generation = await currentGeneration();
      const pool = loaded;
      if (
        pool &&
        pool.day === day &&
        pool.generation === generation &&
        Date.now() - pool.loadedAt < MAX_AGE_MS
      )
        return pool.byRank;
      // Concurrent draws during a reload share it.
      loading ??= drawableCardIdsByRank(database.db, day)
        .then((byRank) => {
          loaded = { day, generation, loadedAt: Date.now(), byRank };
          return loaded;
        })
        .finally(() => {
          loading = undefined;
        });
      const fresh = await loading;
      // A reload for another day was under way: load this day's list ourselves (tests and
      // back-dated draws only; live draws all ask for today).
      return fresh.day === day ? fresh.byRank : drawableCardIdsByRank(database.db, day);
    },
    reset() {
      loaded = undefined;
    },
  };
}
