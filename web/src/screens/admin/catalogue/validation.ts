/**
 * The form rules of requirements C5. Each check answers a message as an i18n key with its values
 * (the ru texts are the spec's, word for word), or null when the input is fine.
 */

export interface Message {
  key: string;
  values?: Record<string, string | number>;
  /** The form field it is about (the add forms show it there). */
  field?: string;
}

export const MIN_NAME = 2;

/** A positive whole number from a form field; null when empty; NaN when not one. */
export function positiveId(raw: string): number | null {
  const t = raw.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) && Number(t) > 0 && Number.isSafeInteger(Number(t)) ? Number(t) : Number.NaN;
}

interface WithIds {
  name?: string;
  title?: string;
  shikimoriId: number | null;
  anilistId: number | null;
}

function checkIds(shikimoriRaw: string, anilistRaw: string, existing: readonly WithIds[]): Message | null {
  const shikimoriId = positiveId(shikimoriRaw);
  const anilistId = positiveId(anilistRaw);
  if (Number.isNaN(shikimoriId))
    return { key: 'adminCatalogue.validation.shikimoriPositive', field: 'shikimoriId' };
  if (Number.isNaN(anilistId))
    return { key: 'adminCatalogue.validation.anilistPositive', field: 'anilistId' };
  if (shikimoriId !== null) {
    const dup = existing.find((e) => e.shikimoriId === shikimoriId);
    if (dup)
      return {
        key: 'adminCatalogue.validation.shikimoriTaken',
        values: { n: shikimoriId, name: dup.name ?? dup.title ?? '' },
        field: 'shikimoriId',
      };
  }
  if (anilistId !== null) {
    const dup = existing.find((e) => e.anilistId === anilistId);
    if (dup)
      return {
        key: 'adminCatalogue.validation.anilistTaken',
        values: { n: anilistId, name: dup.name ?? dup.title ?? '' },
        field: 'anilistId',
      };
  }
  return null;
}

/** Character add: name required, ≥ 2 after trim; ids positive and not already used. */
export function validateCharacter(
  form: { name: string; shikimoriId: string; anilistId: string },
  existing: readonly WithIds[],
): Message | null {
  const name = form.name.trim();
  if (!name) return { key: 'adminCatalogue.validation.nameRequired', field: 'name' };
  if (name.length < MIN_NAME) return { key: 'adminCatalogue.validation.nameShort', field: 'name' };
  return checkIds(form.shikimoriId, form.anilistId, existing);
}

/** Franchise add: title required, ≥ 2, unique case-insensitively in the loaded list. */
export function validateFranchise(title: string, existing: readonly { title: string }[]): Message | null {
  const t = title.trim();
  if (!t) return { key: 'adminCatalogue.validation.titleRequired', field: 'title' };
  if (t.length < MIN_NAME) return { key: 'adminCatalogue.validation.titleShort', field: 'title' };
  const dup = existing.find((f) => f.title.trim().toLowerCase() === t.toLowerCase());
  if (dup)
    return { key: 'adminCatalogue.validation.franchiseExists', values: { title: dup.title }, field: 'title' };
  return null;
}

/**
 * Anime add: title required, ≥ 2 after trim; Shikimori ID a positive number (required); AniList
 * ID optional but positive; a duplicate of either among the loaded anime names the existing title.
 */
export function validateAnime(
  form: { title: string; shikimoriId: string; anilistId: string },
  existing: readonly WithIds[],
): Message | null {
  const t = form.title.trim();
  if (!t) return { key: 'adminCatalogue.validation.titleRequired', field: 'title' };
  if (t.length < MIN_NAME) return { key: 'adminCatalogue.validation.titleShort', field: 'title' };
  const shikimoriId = positiveId(form.shikimoriId);
  if (shikimoriId === null || Number.isNaN(shikimoriId))
    return { key: 'adminCatalogue.validation.shikimoriPositive', field: 'shikimoriId' };
  const anilistId = positiveId(form.anilistId);
  if (Number.isNaN(anilistId))
    return { key: 'adminCatalogue.validation.anilistPositive', field: 'anilistId' };
  const dupS = existing.find((a) => a.shikimoriId === shikimoriId);
  if (dupS)
    return {
      key: 'adminCatalogue.validation.animeShikimoriTaken',
      values: { n: shikimoriId, title: dupS.title ?? '' },
      field: 'shikimoriId',
    };
  const dupA = anilistId === null ? undefined : existing.find((a) => a.anilistId === anilistId);
  if (dupA && anilistId !== null)
    return {
      key: 'adminCatalogue.validation.animeAnilistTaken',
      values: { n: anilistId, title: dupA.title ?? '' },
      field: 'anilistId',
    };
  return null;
}

/** Bulk card add: character ids split on commas or whitespace (positive whole numbers, de-duplicated). */
export function parseIdList(raw: string): number[] {
  const ids = raw
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n > 0 && Number.isSafeInteger(n));
  return [...new Set(ids)];
}

export interface CardForm {
  mode: 'single' | 'bulk' | 'anime' | 'all';
  characterId: string;
  characterIds: string;
  animeId: string;
  rankId: string;
  seasonId: string;
  limited: boolean;
  useImage: boolean;
  imageUrl: string;
}

/** The card add modes' rules (requirements C5). */
export function validateCardForm(form: CardForm): Message | null {
  switch (form.mode) {
    case 'single':
      if (!form.characterId) return { key: 'adminCatalogue.cards.needCharacter' };
      if (!form.rankId) return { key: 'adminCatalogue.cards.needRank' };
      if (form.limited && !form.seasonId) return { key: 'adminCatalogue.cards.needSeason' };
      return null;
    case 'bulk':
      if (parseIdList(form.characterIds).length === 0) return { key: 'adminCatalogue.cards.needIds' };
      if (!form.rankId) return { key: 'adminCatalogue.cards.needRank' };
      if (form.limited && !form.seasonId) return { key: 'adminCatalogue.cards.needSeason' };
      return null;
    case 'anime':
      if (!form.animeId || !form.rankId) return { key: 'adminCatalogue.cards.needAnimeAndRank' };
      return null;
    case 'all':
      if (!form.rankId) return { key: 'adminCatalogue.cards.needRankOnly' };
      return null;
  }
}

/** The body of a single add: the season only if limited, the image only if the option is on and given. */
export function singleCardBody(form: CardForm) {
  const body: {
    character_id: number;
    rank_id: number;
    limited: boolean;
    season_id?: number;
    imageUrl?: string;
  } = {
    character_id: Number(form.characterId),
    rank_id: Number(form.rankId),
    limited: form.limited,
  };
  if (form.limited) body.season_id = Number(form.seasonId);
  if (form.useImage && form.imageUrl.trim()) body.imageUrl = form.imageUrl.trim();
  return body;
}

/** Search-and-add similarity badge colour (requirements C9). */
export const similarityTone = (percent: number): 'green' | 'yellow' | 'orange' =>
  percent >= 90 ? 'green' : percent >= 70 ? 'yellow' : 'orange';
