import { cardsDraw, cardsGet } from '@acg/contracts';
import type { Bus, Database, Subscription } from '@acg/platform';
import { pickWeighted } from '../../domain/draw';
import { drawableCardIdsByRank, findCardSummaries } from '../../repository/cards';

/**
 * What the catalogue answers over the bus: card look-ups (image rendering, read models) and
 * random draws (the bot's /card). Drawable ids per rank are cached for a short while so a draw
 * is two small look-ups, not a scan of every card.
 */
export function serveCatalogueRpc(
  bus: Bus,
  database: Database,
  random: () => number = Math.random,
): Subscription[] {
  const DRAWABLE_TTL_MS = 30_000;
  let drawable: { day: string; at: number; byRank: Map<string, number[]> } | undefined;
  const drawableIds = async (at: string) => {
    const day = at.slice(0, 10);
    if (!drawable || drawable.day !== day || Date.now() - drawable.at > DRAWABLE_TTL_MS) {
      drawable = { day, at: Date.now(), byRank: await drawableCardIdsByRank(database.db, day) };
    }
    return drawable.byRank;
  };

  return [
    bus.serve(cardsGet, async ({ ids }) => ({
      cards: await findCardSummaries(database.db, [...new Set(ids)]),
    })),
    bus.serve(cardsDraw, async ({ weights, at }) => {
      const byRank = await drawableIds(at ?? new Date().toISOString());
      const candidates = Object.entries(weights).filter(
        ([code, w]) => w > 0 && (byRank.get(code)?.length ?? 0) > 0,
      );
      const code = pickWeighted(candidates, random);
      if (code === undefined) return { card: null };
      const ids = byRank.get(code)!;
      const [card] = await findCardSummaries(database.db, [ids[Math.floor(random() * ids.length)]!]);
      return { card: card ?? null };
    }),
  ];
}
