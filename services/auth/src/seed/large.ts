import type { PublicUser } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { users } from '../db/schema';

const SYLLABLES = ['ka', 'ri', 'to', 'mi', 'sa', 'ne', 'yu', 'ko', 'ha', 'ru', 'shi', 'na', 'mo', 'ai', 'zu'];

/** A deterministic fan name for seed number n. */
export const seedUsername = (n: number): string =>
  `${SYLLABLES[n % 15]}${SYLLABLES[Math.floor(n / 15) % 15]}${SYLLABLES[Math.floor(n / 225) % 15]}_${n}`;

/**
 * Bulk users for benchmarks (the large seed): inserted in batches without user events — the
 * benchmark orchestrator hands the returned users to the inventory seed directly.
 */
export async function seedLargeUsers(database: Database, count: number): Promise<PublicUser[]> {
  const out: PublicUser[] = [];
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
      const n = start + i;
      return {
        discordId: String(900_000_000_000_000_000n + BigInt(n)),
        username: seedUsername(n),
        discriminator: '0',
        avatar: null,
        email: null,
        language: 'en' as const,
      };
    });
    const inserted = await database.db
      .insert(users)
      .values(rows)
      .onConflictDoNothing({ target: users.discordId })
      .returning({
        id: users.id,
        username: users.username,
        discriminator: users.discriminator,
        discordId: users.discordId,
        avatar: users.avatar,
      });
    out.push(...inserted);
  }
  return out;
}
