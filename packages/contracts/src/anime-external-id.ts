/**
 * The `{animeId}` of the anime pages is an id from the external anime services, not ours:
 * `al-<n>` is an AniList id; a plain number is a Shikimori id, and (for anime only AniList
 * knows) an AniList id when no catalogue anime carries it as a Shikimori id.
 */
export type AnimeExternalId =
  | { service: 'anilist'; id: number }
  | { service: 'shikimori-or-anilist'; id: number };

const MAX_ID = 2_147_483_647;

/** Undefined for anything else (the route answers 404: no catalogue anime can match it). */
export function parseAnimeExternalId(raw: string): AnimeExternalId | undefined {
  const match = /^(al-)?(\d{1,10})$/.exec(raw);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (id < 1 || id > MAX_ID) return undefined;
  return match[1] ? { service: 'anilist', id } : { service: 'shikimori-or-anilist', id };
}
