import { describe, expect, it } from 'vitest';
import type { CardRow, RankRow } from './inputs';
import { planRanks, scoreCards } from './steps';

const E: RankRow = { id: 11, code: 'E', title: 'Common', sortOrder: 0, threshold: 0 };
const D: RankRow = { id: 12, code: 'D', title: 'Uncommon', sortOrder: 1, threshold: 50 };
const card = (id: number, rarityScore: number, rankId = E.id): CardRow => ({ id, rarityScore, rankId });

describe('compute scores', () => {
  it('scores each card by the active players holding it, and lists only the cards whose score moves', () => {
    // Two active players: held by none 100·(1−1/4) = 75, by one 50, by both 25.
    const activeOwners = [0, 0, 1, 2, 0];
    const list = [card(1, 74.999), card(2, 10), card(3, 25), card(4, 0)];
    const { scores, changed } = scoreCards(list, activeOwners, 2);
    expect(scores).toEqual([75, 50, 25, 75]);
    expect(changed).toEqual([
      { id: 2, score: 50 },
      { id: 4, score: 75 },
    ]);
  });

  it('reads a card inventory did not list as held by nobody', () => {
    expect(scoreCards([card(9, 0)], [0, 0], 2).scores).toEqual([75]);
  });
});

describe('choose thresholds and assign ranks', () => {
  const list = [card(1, 25), card(2, 50, D.id), card(3, 75), card(4, 75, D.id)];
  const scores = [25, 50, 75, 75];
  // Card 3 has idle holders, card 4 none: of the tie at 75, card 3 is the more common.
  const figures = { owners: [0, 0, 0, 2, 0], copies: [0, 0, 0, 2, 0] };

  it('changes nothing with the scores method, or without ranks', () => {
    expect(planRanks('scores', list, scores, figures, [E, D])).toEqual({ thresholds: [], rankChanges: [] });
    expect(planRanks('smart', list, scores, figures, [])).toEqual({ thresholds: [], rankChanges: [] });
  });

  it('smart: E twice as common as D, the tie split by holders; only the cards whose rank changes', () => {
    // 4 cards at 2:1 → 3 in E, 1 in D: the rarest is card 4 (75, nobody holds it).
    expect(planRanks('smart', list, scores, figures, [E, D])).toEqual({
      thresholds: [
        { id: E.id, threshold: 0 },
        { id: D.id, threshold: 75 },
      ],
      rankChanges: [{ id: 2, rankId: E.id }],
    });
  });

  it('percentile: equal shares, a tie split by holders', () => {
    expect(planRanks('percentile', list, scores, figures, [E, D])).toEqual({
      thresholds: [
        { id: E.id, threshold: 0 },
        { id: D.id, threshold: 75 },
      ],
      rankChanges: [
        { id: 2, rankId: E.id },
        { id: 3, rankId: D.id },
      ],
    });
  });
});
