import { describe, expect, it } from 'vitest';
import type { CardRow, RankRow } from './inputs';
import { assignRanks, chooseThresholds, scoreCards } from './steps';

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

describe('choose thresholds', () => {
  const scores = [25, 50, 75, 75];
  it('keeps the thresholds with the scores method', () => {
    expect(chooseThresholds('scores', scores, [E, D])).toEqual([]);
  });
  it('splits the cards into equal shares by percentile, ties kept together', () => {
    // Half the 4 cards below the second rank: the first score above 50 is 75.
    expect(chooseThresholds('percentile', scores, [E, D])).toEqual([
      { id: E.id, threshold: 0 },
      { id: D.id, threshold: 75 },
    ]);
  });
  it('makes each rank about half as common as the one below with smart', () => {
    // Two thirds of the cards below D: past the highest score 75, so D starts just above it.
    expect(chooseThresholds('smart', scores, [E, D])).toEqual([
      { id: E.id, threshold: 0 },
      { id: D.id, threshold: 75.01 },
    ]);
  });
  it('chooses nothing without ranks', () => {
    expect(chooseThresholds('smart', scores, [])).toEqual([]);
  });
});

describe('assign ranks', () => {
  const list = [card(1, 25), card(2, 50, D.id), card(3, 75), card(4, 75, D.id)];
  const scores = [25, 50, 75, 75];
  it('moves each card to the highest rank its score reaches under the new thresholds', () => {
    const changes = assignRanks(
      list,
      scores,
      [E, D],
      [
        { id: E.id, threshold: 0 },
        { id: D.id, threshold: 75 },
      ],
    );
    expect(changes).toEqual([
      { id: 2, rankId: E.id },
      { id: 3, rankId: D.id },
    ]);
  });
  it('moves nothing when no thresholds were chosen', () => {
    expect(assignRanks(list, scores, [E, D], [])).toEqual([]);
  });
});
