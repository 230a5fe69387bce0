import { cleanLocalized } from '@acg/i18n';
import type { Cache, Database, Logger, Tx } from '@acg/platform';
import { count, sql } from 'drizzle-orm';
import { catalogueCaches } from '../caches';
import { anime, animeCharacters, cards, characters, franchises, ranks, seasons } from '../db/schema';
import { announceCardChanges } from '../repository/card-events';
import { findCardSummaries } from '../repository/cards';
import { characterSearchKey } from '../repository/search-keys';
import { DEMO_ANIME, DEMO_CHARACTERS, DEMO_RANKS, DEMO_SEASONS, type DemoSeason } from './demo-catalogue';
import { DEMO_ANIME_TITLES, DEMO_RUSSIAN } from './demo-russian';

export { DEMO_RANKS } from './demo-catalogue';

/**
 * The file name of a demo character's portrait under the art base URL: the name in lower case,
 * words joined by '-' (the fake Shikimori draws each demo character's own portrait there).
 */
export const demoArtSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A demo character's art: with `DEMO_ART_BASE_URL` (the fake Shikimori's portraits, set by the
 * runners), every character gets its own portrait `{base}/{slug}.jpg`, drawn from its look, so
 * the demo draws their cards through the image proxy's http path; without it, generated art.
 */
const demoArtOf = (name: string, base: string | undefined): string | null =>
  base ? `${base.replace(/\/+$/, '')}/${demoArtSlug(name)}.jpg` : null;

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo's ranks and its running and past seasons. */
async function insertRanksAndSeasons(tx: Tx) {
  const rankRows = await tx
    .insert(ranks)
    .values(DEMO_RANKS.map((r, i) => ({ ...r, sortOrder: i })))
    .returning({ id: ranks.id, code: ranks.code });
  const rankId = new Map(rankRows.map((r) => [r.code, r.id]));
  const threshold = new Map<string, number>(DEMO_RANKS.map((r) => [r.code, r.threshold]));

  const seasonRows = await tx
    .insert(seasons)
    .values(
      (['current', 'past'] as const).map((s) => ({
        title: DEMO_SEASONS[s].title,
        startDate: dayFromNow(DEMO_SEASONS[s].fromDay),
        endDate: dayFromNow(DEMO_SEASONS[s].toDay),
      })),
    )
    .returning({ id: seasons.id, title: seasons.title });
  const seasonOf = (s: DemoSeason) => seasonRows.find((r) => r.title === DEMO_SEASONS[s].title)!.id;
  const seasonId: Record<DemoSeason, number> = { current: seasonOf('current'), past: seasonOf('past') };
  return { rankId, threshold, seasonId };
}

/** The demo's franchises, anime and characters, each character linked to its anime. */
async function insertAnimeAndCharacters(tx: Tx, artBaseUrl: string | undefined) {
  const franchiseTitles = [...new Set(DEMO_ANIME.map((a) => a.franchise))];
  const franchiseRows = await tx
    .insert(franchises)
    .values(franchiseTitles.map((title) => ({ title })))
    .returning({ id: franchises.id, title: franchises.title });
  const franchiseId = new Map(franchiseRows.map((f) => [f.title, f.id]));

  const animeRows = await tx
    .insert(anime)
    .values(
      DEMO_ANIME.map((a) => ({
        title: a.title,
        shikimoriId: a.shikimoriId,
        anilistId: a.anilistId,
        franchiseId: franchiseId.get(a.franchise)!,
        titles: cleanLocalized({ en: a.title, ...DEMO_ANIME_TITLES[a.title] }),
      })),
    )
    .returning({ id: anime.id, title: anime.title });
  const animeId = new Map(animeRows.map((a) => [a.title, a.id]));

  const characterRows = await tx
    .insert(characters)
    .values(
      DEMO_CHARACTERS.map((ch) => {
        const [ru, ruDescription] = DEMO_RUSSIAN[ch.name] ?? [];
        const names = cleanLocalized({ en: ch.name, ru, ja: ch.altname });
        return {
          name: ch.name,
          imageUrl: demoArtOf(ch.name, artBaseUrl),
          altname: ch.altname,
          description: ch.description,
          names,
          descriptions: cleanLocalized({ en: ch.description, ru: ruDescription }),
          searchKey: characterSearchKey({ name: ch.name, altname: ch.altname, names }),
          shikimoriId: ch.shikimoriId ?? null,
          anilistId: ch.anilistId ?? null,
        };
      }),
    )
    .returning({ id: characters.id, name: characters.name });
  const characterId = new Map(characterRows.map((ch) => [ch.name, ch.id]));

  await tx.insert(animeCharacters).values(
    DEMO_ANIME.flatMap((a) =>
      a.characters.map((name) => {
        const id = characterId.get(name);
        if (id === undefined) throw new Error(`demo anime ${a.title}: unknown character ${name}`);
        return { animeId: animeId.get(a.title)!, characterId: id };
      }),
    ),
  );
  return characterId;
}

/** The demo's cards; answers their ids. */
async function insertCards(
  tx: Tx,
  characterId: Map<string, number>,
  ranksAndSeasons: Awaited<ReturnType<typeof insertRanksAndSeasons>>,
) {
  const { rankId, threshold, seasonId } = ranksAndSeasons;
  // Each character's cards together (regular first, then limited), so a character's first
  // card, the one its tile shows, is its first regular card.
  const cardRows = await tx
    .insert(cards)
    .values(
      DEMO_CHARACTERS.flatMap((ch) => [
        ...ch.cards.map((rank, k) => ({
          characterId: characterId.get(ch.name)!,
          rankId: rankId.get(rank)!,
          rarityScore: threshold.get(rank)! + k,
        })),
        ...(ch.limited ?? []).map((l) => ({
          characterId: characterId.get(ch.name)!,
          rankId: rankId.get(l.rank)!,
          limited: true,
          seasonId: seasonId[l.season],
          rarityScore: threshold.get(l.rank)! + 0.5,
        })),
      ]),
    )
    .returning({ id: cards.id });
  return cardRows.map((r) => r.id);
}

/**
 * Seeds the demo catalogue (demo-catalogue.ts) once: when the catalogue has no ranks yet. The
 * check runs under a transaction-scoped advisory lock, so replicas starting together seed once.
 * Every card is announced with card.created in the same transaction (inventory's read model
 * learns them like any new card); the relay publishes them once the catalogue starts. With the
 * catalogue's cache, its lists are cleared after seeding: lists cached before the seed (a shared
 * Redis outliving a database) would hide it. Returns whether it seeded.
 */
export async function seedDemoCatalogue(
  database: Database,
  opts: { cache?: Cache; logger?: Logger; artBaseUrl?: string } = {},
): Promise<boolean> {
  const seeded = await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('acg:catalogue:demo-seed'))`);
    const [existing] = await tx.select({ n: count() }).from(ranks);
    if ((existing?.n ?? 0) > 0) return false;

    const ranksAndSeasons = await insertRanksAndSeasons(tx);
    const characterId = await insertAnimeAndCharacters(tx, opts.artBaseUrl);
    const cardIds = await insertCards(tx, characterId, ranksAndSeasons);
    const summaries = await findCardSummaries(tx, cardIds);
    await announceCardChanges(tx, { created: summaries, updated: [], deletedIds: [] });
    return true;
  });
  if (seeded) {
    if (opts.cache) await catalogueCaches(opts.cache).invalidate();
    opts.logger?.info('demo catalogue seeded');
  }
  return seeded;
}
