import { type CardSummary, cardCreated, cardDeleted, cardsUpdated, cardUpdated } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { openCatalogueTestDatabase } from '../test/harness';
import { announceCardChanges } from './card-events';

let database: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openCatalogueTestDatabase());
});
afterAll(() => close?.());
beforeEach(() => database.db.delete(outbox));

const card = (id: number): CardSummary => ({
  id,
  characterId: id,
  characterName: `Character ${id}`,
  characterAltname: null,
  characterImageUrl: null,
  rankCode: 'E',
  rankTitle: 'Common',
  rankColor: '#999999',
  rankImageUrl: null,
  rankOrder: 1,
  seasonId: null,
  limited: false,
  imageUrl: null,
  rarityScore: 0,
  version: `v${id}`,
});
const events = () => database.db.select().from(outbox);

describe('card events of an edit', () => {
  it('announces a few cards one event each', async () => {
    const written = await database.transaction((tx) =>
      announceCardChanges(tx, { created: [card(1)], updated: [card(2)], deletedIds: [3] }),
    );
    expect(written).toBe(3);
    expect((await events()).map((e) => e.type).sort()).toEqual(
      [cardCreated.type, cardDeleted.type, cardUpdated.type].sort(),
    );
  });

  it('announces a bulk job’s cards as cards.updated batches, each summary once', async () => {
    const created = Array.from({ length: 1100 }, (_, i) => card(i + 1));
    const updated = [card(5000), card(5001)];
    const written = await database.transaction((tx) =>
      announceCardChanges(tx, { created, updated, deletedIds: [9000] }),
    );
    const all = await events();
    expect(written).toBe(all.length);
    expect(all.filter((e) => e.type === cardCreated.type || e.type === cardUpdated.type)).toEqual([]);
    const batches = all.filter((e) => e.type === cardsUpdated.type);
    const sizes = batches.map((e) => cardsUpdated.data.parse(e.data).cards.length);
    expect(sizes.sort((a, b) => b - a)).toEqual([500, 500, 102]);
    const announced = batches
      .flatMap((e) => cardsUpdated.data.parse(e.data).cards)
      .sort((a, b) => a.id - b.id);
    expect(announced).toEqual([...created, ...updated]);
    expect(all.filter((e) => e.type === cardDeleted.type).map((e) => e.data)).toEqual([{ id: 9000 }]);
  });
});
