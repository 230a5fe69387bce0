import type { CardSeries, CardSummary } from '@acg/contracts';
import { NAME_LANGUAGES, type StoredTexts } from '@acg/i18n';
import type { Database } from '@acg/platform';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { animeCharacters, cards, characters, ranks, seasons } from '../db/schema';
import { cardVersion } from '../domain/card-version';
import { type Executor, inIds } from './executor';

const summaryColumns = {
  id: cards.id,
  characterId: cards.characterId,
  characterName: characters.name,
  characterAltname: characters.altname,
  characterNames: characters.names,
  // Written out: inside a select list the builder leaves column names unqualified.
  animeIds: sql<
    number[]
  >`(select coalesce(array_agg(ac.anime_id order by ac.anime_id), '{}') from catalogue.anime_characters ac where ac.character_id = catalogue.characters.id)`,
  characterImageUrl: characters.imageUrl,
  rankCode: ranks.code,
  rankTitle: ranks.title,
  rankTitles: ranks.titles,
  rankColor: ranks.color,
  rankImageUrl: ranks.imageUrl,
  rankOrder: ranks.sortOrder,
  seasonId: cards.seasonId,
  limited: cards.limited,
  imageUrl: cards.imageUrl,
  rarityScore: cards.rarityScore,
};

/** Texts per language in one key order whatever order the database gave them (the version hashes the text). */
const inLanguageOrder = (texts: StoredTexts | undefined): StoredTexts =>
  Object.fromEntries(NAME_LANGUAGES.flatMap((l) => (typeof texts?.[l] === 'string' ? [[l, texts[l]]] : [])));

const withVersion = (row: Omit<CardSummary, 'version'>): CardSummary => {
  const look = {
    ...row,
    characterNames: inLanguageOrder(row.characterNames),
    rankTitles: inLanguageOrder(row.rankTitles),
  };
  return { ...look, version: cardVersion(look) };
};

async function summariesWhere(db: Executor, where: SQL | undefined): Promise<CardSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(cards)
    .innerJoin(characters, eq(characters.id, cards.characterId))
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .where(where)
    .orderBy(asc(cards.id));
  return rows.map(withVersion);
}

/**
 * A names object (jsonb of strings) as JSON.stringify writes it once in NAME_LANGUAGES order
 * (en, ru, ja: what cleanLocalized and the contract's schema give), no spaces.
 */
const namesJson = (col: string) =>
  `(select coalesce('{' || string_agg(to_json(e.k)::text || ':' || to_json(e.v)::text, ',' order by array_position(array['en','ru','ja'], e.k)) || '}', '{}') from jsonb_each_text(${col}) as e(k, v) where e.k in ('en', 'ru', 'ja'))`;

/**
 * A card summary's JSON text built in the database, for statements that announce many cards at
 * once without reading them back (a rarity run, rules §37): `cardLookJsonSql` over the aliases of
 * a cards-shaped row, its character and its rank, then `cardSummaryJsonSql` over that look and
 * the row's score. The result is exactly what findCardSummaries gives: the look is written as
 * JSON.stringify writes `summaryColumns` without rarityScore (the same keys in the same order, no
 * spaces; to_json escapes every string PostgreSQL can hold as JSON.stringify does), so its sha256
 * is cardVersion's version. Compute the look once (a materialized step) and refer to it.
 */
export function cardLookJsonSql(c: string, ch: string, r: string): SQL {
  const str = (col: string) => `coalesce(to_json(${col})::text, 'null')`;
  return sql.raw(
    [
      `'{"id":' || ${c}.id`,
      `',"characterId":' || ${c}.character_id`,
      `',"characterName":' || ${str(`${ch}.name`)}`,
      `',"characterAltname":' || ${str(`${ch}.altname`)}`,
      `',"characterNames":' || ${namesJson(`${ch}.names`)}`,
      `',"animeIds":' || (select '[' || coalesce(string_agg(ac.anime_id::text, ',' order by ac.anime_id), '') || ']' from catalogue.anime_characters ac where ac.character_id = ${ch}.id)`,
      `',"characterImageUrl":' || ${str(`${ch}.image_url`)}`,
      `',"rankCode":' || ${str(`${r}.code`)}`,
      `',"rankTitle":' || ${str(`${r}.title`)}`,
      `',"rankTitles":' || ${namesJson(`${r}.titles`)}`,
      `',"rankColor":' || ${str(`${r}.color`)}`,
      `',"rankImageUrl":' || ${str(`${r}.image_url`)}`,
      `',"rankOrder":' || ${r}.sort_order`,
      `',"seasonId":' || coalesce(${c}.season_id::text, 'null')`,
      `',"limited":' || ${c}.limited::text`,
      `',"imageUrl":' || ${str(`${c}.image_url`)}`,
    ].join(' || '),
  );
}

/** The summary from `look` (cardLookJsonSql, without its closing brace) and the score. */
export function cardSummaryJsonSql(look: string, score: string): SQL {
  // cardVersion: the first 16 characters of the look's sha256 in base64url.
  const version = `left(translate(encode(sha256(convert_to(${look} || '}', 'UTF8')), 'base64'), '+/=', '-_'), 16)`;
  return sql.raw(`${look} || ',"rarityScore":' || ${score}::text || ',"version":"' || ${version} || '"}'`);
}

/** Card summaries by id (unknown ids are left out), in id order. */
export function findCardSummaries(db: Executor, ids: number[]): Promise<CardSummary[]> {
  return ids.length === 0 ? Promise.resolve([]) : summariesWhere(db, inIds(cards.id, ids));
}

/** The summaries of a character's cards, or of a rank's cards (what an edit of either touches). */
export function findCardSummariesOf(
  db: Executor,
  of: { characterId: number } | { rankId: number },
): Promise<CardSummary[]> {
  return summariesWhere(
    db,
    'characterId' in of ? eq(cards.characterId, of.characterId) : eq(cards.rankId, of.rankId),
  );
}

/**
 * Ids of the cards that may be drawn on `day` (YYYY-MM-DD), per rank code: every regular card,
 * and a limited one only while its season runs (start and end dates included).
 */
export async function drawableCardIdsByRank(db: Executor, day: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ id: cards.id, code: ranks.code })
    .from(cards)
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .leftJoin(seasons, eq(seasons.id, cards.seasonId))
    .where(
      sql`(${cards.limited} = false or ${day}::date between ${seasons.startDate} and ${seasons.endDate})`,
    )
    .orderBy(asc(cards.id));
  const byRank = new Map<string, number[]>();
  for (const row of rows) {
    const list = byRank.get(row.code) ?? [];
    if (list.length === 0) byRank.set(row.code, list);
    list.push(row.id);
  }
  return byRank;
}

/** The cards of a catalogue anime's characters, lowest rank first, then by id. */
export function findAnimeCards(db: Executor, animeId: number) {
  return db
    .select(summaryColumns)
    .from(cards)
    .innerJoin(characters, eq(characters.id, cards.characterId))
    .innerJoin(ranks, eq(ranks.id, cards.rankId))
    .innerJoin(
      animeCharacters,
      and(eq(animeCharacters.characterId, cards.characterId), eq(animeCharacters.animeId, animeId)),
    )
    .orderBy(asc(ranks.sortOrder), asc(cards.id));
}

/**
 * What a card image prints beside the summary (cardsSeries): the series of the card's character
 * (its first anime's franchise, else that anime's title) and the start year of the card's season.
 */
export async function findCardSeries(
  db: Pick<Database['db'], 'execute'>,
  ids: number[],
): Promise<CardSeries[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{
    id: number;
    series: string | null;
    series_titles: StoredTexts | null;
    season_year: number | null;
  }>(sql`
    select c.id, s.series, s.series_titles, extract(year from se.start_date)::int as season_year
    from catalogue.cards c
    left join catalogue.seasons se on se.id = c.season_id
    left join lateral (
      select coalesce(f.title, a.title) as series, a.titles as series_titles
      from catalogue.anime_characters ac
      join catalogue.anime a on a.id = ac.anime_id
      left join catalogue.franchises f on f.id = a.franchise_id
      where ac.character_id = c.character_id
      order by ac.anime_id
      limit 1) s on true
    where c.id = any(${sql.param(ids)}::int[])
    order by c.id`);
  return rows.map((r) => ({
    id: r.id,
    series: r.series,
    // Stored cleaned (trimmed, blanks left out: rules §57), so sent as they are.
    ...(r.series_titles ? { seriesTitles: r.series_titles } : {}),
    seasonYear: r.season_year,
  }));
}
