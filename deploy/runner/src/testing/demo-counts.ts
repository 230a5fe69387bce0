import { DEMO_ANIME, DEMO_CHARACTERS } from '@acg/catalogue/seed';
import { demoAccounts } from '@acg/fakes';

/**
 * How much the demo seed holds, derived from the seed data itself so tests do not repeat
 * literals that go stale when the demo catalogue grows. Cards are numbered from 1 in seed order.
 */
export const demoCounts = {
  /** Demo users: the fake Discord's demo accounts, which auth seeds. */
  users: demoAccounts.length,
  anime: DEMO_ANIME.length,
  characters: DEMO_CHARACTERS.length,
  cards: DEMO_CHARACTERS.reduce((n, c) => n + c.cards.length + (c.limited?.length ?? 0), 0),
  limited: DEMO_CHARACTERS.reduce((n, c) => n + (c.limited?.length ?? 0), 0),
} as const;
