import type { CardSummary, PublicUser } from '@acg/contracts';
import type { Database } from '@acg/platform';
import { pickDistinct, seededRandom } from './random';

/** A user as the large seed needs it (auth's seedLargeUsers returns these). */
export type UserSeed = Pick<PublicUser, 'id' | 'username' | 'discordId' | 'avatar'>;

export interface LargeInventorySeed {
  users: readonly UserSeed[];
  cards: readonly CardSummary[];
  entriesPerUser?: number;
  likesPerUser?: number;
  /** Seed of the random source; the same seed gives the same entries and likes. */
  seed?: number;
  /** Copies are obtained over the year before this time (default now). */
  until?: Date;
}

export interface LargeInventorySeedResult {
  cards: number;
  users: number;
  entries: number;
  copies: number;
  likes: number;
}

const ROWS_PER_STATEMENT = 50_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Inserts column arrays in batches, one `insert … select from unnest(…)` per batch: one
 * parameter per column whatever the row count, so 100,000 rows take well under a second.
 */
async function insertColumns(database: Database, statement: string, columns: unknown[][]): Promise<void> {
  const rows = columns[0]?.length ?? 0;
  for (let start = 0; start < rows; start += ROWS_PER_STATEMENT) {
    await database.pool.query(
      statement,
      columns.map((column) => column.slice(start, start + ROWS_PER_STATEMENT)),
    );
  }
}

/** The read models of the seed's cards and users, as the consumers would have written them. */
async function insertReadModels(
  database: Database,
  cards: LargeInventorySeed['cards'],
  users: LargeInventorySeed['users'],
) {
  await insertColumns(
    database,
    `insert into card_summaries (id, character_id, character_name, rank_code, rank_title, rank_color,
       limited, image_url, rarity_score)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::boolean[], $8::text[], $9::float8[])
     on conflict (id) do nothing`,
    [
      cards.map((c) => c.id),
      cards.map((c) => c.characterId),
      cards.map((c) => c.characterName),
      cards.map((c) => c.rankCode),
      cards.map((c) => c.rankTitle),
      cards.map((c) => c.rankColor),
      cards.map((c) => c.limited),
      cards.map((c) => c.imageUrl),
      cards.map((c) => c.rarityScore),
    ],
  );
  await insertColumns(
    database,
    `insert into user_summaries (id, username, discord_id, avatar)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[])
     on conflict (id) do nothing`,
    [
      users.map((u) => u.id),
      users.map((u) => u.username),
      users.map((u) => u.discordId),
      users.map((u) => u.avatar),
    ],
  );
}

/**
 * The inventory side of the large benchmark seed: read models of the given users and cards (as
 * the consumers would have written them, older than any event), then for each user
 * `entriesPerUser` distinct cards (most once, some twice or three times, obtained over the past
 * year) and `likesPerUser` likes. Picks lean towards some popular cards, so owner lists and like
 * counts have hot spots as in real use. No grants and no events: nothing else is listening.
 * Expects an inventory without these users' entries (existing rows are left as they are).
 */
export async function seedLargeInventory(
  database: Database,
  opts: LargeInventorySeed,
): Promise<LargeInventorySeedResult> {
  const { users, cards } = opts;
  const random = seededRandom(opts.seed ?? 20261122);
  const until = (opts.until ?? new Date()).getTime();

  await insertReadModels(database, cards, users);

  const entry = {
    userIds: [] as number[],
    cardIds: [] as number[],
    quantities: [] as number[],
    at: [] as Date[],
  };
  const like = { userIds: [] as number[], cardIds: [] as number[] };
  let copies = 0;
  for (const user of users) {
    for (const i of pickDistinct(random, cards.length, opts.entriesPerUser ?? 30)) {
      const roll = random();
      const quantity = roll < 0.03 ? 3 : roll < 0.18 ? 2 : 1;
      entry.userIds.push(user.id);
      entry.cardIds.push(cards[i]!.id);
      entry.quantities.push(quantity);
      entry.at.push(new Date(until - Math.floor(random() * YEAR_MS)));
      copies += quantity;
    }
    for (const i of pickDistinct(random, cards.length, opts.likesPerUser ?? 20)) {
      like.userIds.push(user.id);
      like.cardIds.push(cards[i]!.id);
    }
  }
  await insertColumns(
    database,
    `insert into entries (user_id, card_id, quantity, obtained_at, updated_at)
     select u, c, q, t, t from unnest($1::int[], $2::int[], $3::int[], $4::timestamptz[]) as s(u, c, q, t)
     on conflict (user_id, card_id) do nothing`,
    [entry.userIds, entry.cardIds, entry.quantities, entry.at],
  );
  // Every seeded copy gets its print number, after the copies printed before, in obtained order.
  await insertColumns(
    database,
    `insert into copies (card_id, print_number, entry_id, dropped_at)
     select e.card_id, coalesce(r.printed, 0) + row_number() over (partition by e.card_id order by e.obtained_at, e.id, g.k),
       e.id, e.obtained_at
     from entries e cross join lateral generate_series(1, e.quantity) g(k)
       left join print_runs r on r.card_id = e.card_id
     where e.user_id = any($1::int[]) and not exists (select 1 from copies c where c.entry_id = e.id)`,
    [users.map((u) => u.id)],
  );
  await insertColumns(
    database,
    `insert into print_runs (card_id, printed)
     select card_id, max(print_number) from copies where card_id = any($1::int[]) group by card_id
     on conflict (card_id) do update set printed = excluded.printed`,
    [cards.map((c) => c.id)],
  );
  await insertColumns(
    database,
    `insert into likes (user_id, card_id)
     select * from unnest($1::int[], $2::int[])
     on conflict (card_id, user_id) do nothing`,
    [like.userIds, like.cardIds],
  );
  return {
    cards: cards.length,
    users: users.length,
    entries: entry.userIds.length,
    copies,
    likes: like.userIds.length,
  };
}
