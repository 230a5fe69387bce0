import type { CardSummary } from '@acg/contracts';
import { type Database, ValidationError } from '@acg/platform';
import { pickUniform, pickWeighted } from '../domain/draw';
import { findCardSummaries } from '../repository/cards';
import type { DrawPool } from './draw-pool';

export interface DrawRequest {
  /** Relative weight per rank code; ranks without a weight (or without cards) are never drawn. */
  weights: Record<string, number>;
  /** When the draw happens (ISO time; default now): decides which limited cards are in season. */
  at?: string;
}

/**
 * A random card: first a rank by weight among the ranks that have drawable cards, then one of
 * that rank's cards, each equally likely. Null when nothing can be drawn.
 */
export function createCardDrawer(database: Database, pool: DrawPool, random: () => number = Math.random) {
  return async function drawCard({ weights, at }: DrawRequest): Promise<CardSummary | null> {
    const when = at === undefined ? new Date() : new Date(at);
    if (Number.isNaN(when.getTime())) throw new ValidationError('Invalid draw time', { at });
    // A second attempt only when the picked card was deleted after the list was loaded.
    for (let attempt = 0; attempt < 2; attempt++) {
      const byRank = await pool.idsByRank(when);
      const candidates = Object.entries(weights).filter(([code, w]) => w > 0 && byRank.has(code));
      const code = pickWeighted(candidates, random);
      if (code === undefined) return null;
      const [card] = await findCardSummaries(database.db, [pickUniform(byRank.get(code)!, random)]);
      if (card) return card;
      pool.reset();
    }
    return null;
  };
}
