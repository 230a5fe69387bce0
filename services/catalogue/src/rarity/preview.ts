import type { Db } from '@acg/platform';
import { inArray, sql } from 'drizzle-orm';
import { cards, characters } from '../db/schema';
import { largestTie, round2 } from './formulas';
import { type Plan, type RankUpdate, tokenOf } from './plan';

/** How many moving cards a preview names. */
export const PREVIEW_SAMPLE = 20;
/** A tie holding at least this share of the cards is worth a warning. */
export const TIE_WARNING_SHARE = 0.25;

export type PreviewWarning =
  | { code: 'empty_rank'; ranks: string[] }
  | { code: 'most_cards_move'; n: number; total: number }
  | { code: 'many_ties'; n: number; total: number; score: number; split: boolean }
  | { code: 'below_threshold'; n: number };

/** Each rank's cards and threshold now and after the plan. */
function distribution(plan: Plan) {
  const after = new Map(plan.rankChanges.map((c) => [c.id, c.rankId]));
  const newThreshold = new Map(plan.thresholds.map((t) => [t.id, t.threshold]));
  const before = new Map<number, number>();
  const then = new Map<number, number>();
  for (const c of plan.list) {
    before.set(c.rankId, (before.get(c.rankId) ?? 0) + 1);
    const to = after.get(c.id) ?? c.rankId;
    then.set(to, (then.get(to) ?? 0) + 1);
  }
  return plan.rankList.map((r) => ({
    id: r.id,
    code: r.code,
    title: r.title,
    before: { cards: before.get(r.id) ?? 0, threshold: r.threshold },
    after: { cards: then.get(r.id) ?? 0, threshold: newThreshold.get(r.id) ?? r.threshold },
  }));
}

/** The warnings of a preview (rules, rank previews): empty ranks, most cards moving, big ties. */
export function warningsOf(plan: Plan, ranks: ReturnType<typeof distribution>): PreviewWarning[] {
  const total = plan.list.length;
  const warnings: PreviewWarning[] = [];
  const empty = ranks.filter((r) => r.after.cards === 0).map((r) => r.code);
  if (empty.length > 0 && total > 0) warnings.push({ code: 'empty_rank', ranks: empty });
  if (plan.rankChanges.length * 2 > total)
    warnings.push({ code: 'most_cards_move', n: plan.rankChanges.length, total });
  const tie = largestTie(plan.scores);
  if (tie.cards >= 2 && tie.cards >= total * TIE_WARNING_SHARE)
    warnings.push({
      code: 'many_ties',
      n: tie.cards,
      total,
      score: tie.score,
      split: plan.method !== 'force-fix',
    });
  if (plan.method === 'force-fix') {
    const threshold = new Map(plan.thresholds.map((t) => [t.id, t.threshold]));
    const below = plan.list.filter((c, i) => plan.scores[i]! < (threshold.get(c.rankId) ?? 0)).length;
    if (below > 0) warnings.push({ code: 'below_threshold', n: below });
  }
  return warnings;
}

/** The moving cards a preview names: those moving the most ranks first, then by id. */
async function sampleOf(db: Pick<Db, 'select'>, plan: Plan) {
  const position = new Map(plan.rankList.map((r, i) => [r.id, i]));
  const code = new Map(plan.rankList.map((r) => [r.id, r.code]));
  const index = new Map(plan.list.map((c, i) => [c.id, i]));
  const distance = (c: { id: number; rankId: number }) =>
    Math.abs((position.get(c.rankId) ?? 0) - (position.get(plan.list[index.get(c.id)!]!.rankId) ?? 0));
  const picked = [...plan.rankChanges]
    .sort((a, b) => distance(b) - distance(a) || a.id - b.id)
    .slice(0, PREVIEW_SAMPLE);
  if (picked.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: cards.id, name: characters.name })
        .from(cards)
        .innerJoin(characters, sql`${characters.id} = ${cards.characterId}`)
        .where(
          inArray(
            cards.id,
            picked.map((c) => c.id),
          ),
        )
    ).map((r) => [r.id, r.name]),
  );
  return picked.map((c) => {
    const i = index.get(c.id)!;
    return {
      cardId: c.id,
      name: names.get(c.id) ?? '',
      from: code.get(plan.list[i]!.rankId) ?? '',
      to: code.get(c.rankId) ?? '',
      score: round2(plan.scores[i]!),
    };
  });
}

/**
 * A rank update's preview (rules, rank previews): nothing is written. Each rank's cards and
 * threshold now and after, the cards that would move (how many, and a sample by name), the
 * warnings, and the token that applies exactly this.
 */
export async function previewOf(db: Pick<Db, 'select'>, method: RankUpdate, plan: Plan) {
  const ranks = distribution(plan);
  return {
    method,
    token: tokenOf(plan),
    totalCards: plan.list.length,
    scoresChanged: plan.changedScores.length,
    ranks,
    moving: { count: plan.rankChanges.length, sample: await sampleOf(db, plan) },
    warnings: warningsOf(plan, ranks),
  };
}
export type Preview = Awaited<ReturnType<typeof previewOf>>;
