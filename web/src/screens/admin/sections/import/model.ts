import type { ImportMatch } from '@acg/contracts';
import { call, serverError } from '../../../../api/admin-catalogue';
import { request } from '../../../../api/client';
import {
  type AnilistCharacter,
  anilistNames,
  dedupe,
  type ImportItem,
  type ShikimoriCharacter,
  shikimoriNames,
} from '../../catalogue/similarity';
import type { Message } from '../../catalogue/validation';

/** Requirements C9. */
export const IMPORT_PAGE_SIZE = 30;
export const IMPORT_BATCH_SIZE = 50;
export const IMPORT_CONFIRM_ABOVE = 200;

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: Message };

const k = (key: string, values?: Message['values']): Message => ({
  key: `adminCatalogue.import.${key}`,
  values,
});

/** GET /admin/anilist/characters/{anilistId} -> {characters[]}. */
export async function loadAnilist(anilistId: number): Promise<Outcome<AnilistCharacter[]>> {
  try {
    const r = await call<{ characters?: AnilistCharacter[] }>(
      'GET',
      `/admin/anilist/characters/${anilistId}`,
    );
    if (!r.ok)
      return {
        ok: false,
        message: k('anilistError', { error: serverError(r.body) ?? `${r.status} ${r.statusText}` }),
      };
    return { ok: true, value: Array.isArray(r.body?.characters) ? r.body.characters : [] };
  } catch {
    return { ok: false, message: k('anilistNetwork') };
  }
}

/** GET /admin/shikimori/anime/{id}/characters with the spec's error texts (§8). */
export async function loadShikimori(shikimoriId: number): Promise<Outcome<ShikimoriCharacter[]>> {
  let r: Awaited<ReturnType<typeof call>>;
  try {
    r = await call('GET', `/admin/shikimori/anime/${shikimoriId}/characters`);
  } catch {
    return { ok: false, message: k('networkError') };
  }
  if (r.status === 504) return { ok: false, message: k('timeout') };
  if (r.status === 429) return { ok: false, message: k('rateLimit') };
  if (!r.ok) return { ok: false, message: k('httpError', { status: r.status, statusText: r.statusText }) };
  if (r.unparsable) return { ok: false, message: k('sessionExpired') };
  if (!Array.isArray(r.body))
    return {
      ok: false,
      message: serverError(r.body)
        ? k('serverText', { text: serverError(r.body) ?? '' })
        : k('shikimoriError'),
    };
  return { ok: true, value: r.body as ShikimoriCharacter[] };
}

/** GET /admin/shikimori/characters/{id}?type=character, errors as alerts (§8). */
export async function lookupShikimori(id: number): Promise<Outcome<ShikimoriCharacter>> {
  try {
    const r = await call<ShikimoriCharacter>('GET', `/admin/shikimori/characters/${id}?type=character`);
    if (r.status === 504) return { ok: false, message: k('timeout') };
    if (!r.ok || !r.body || typeof r.body.shikimoriId !== 'number')
      return { ok: false, message: k('notFound') };
    return { ok: true, value: r.body };
  } catch {
    return { ok: false, message: k('requestError') };
  }
}

export interface BatchReport {
  created: number;
  updated: number;
  conflicts: number;
  errors: Message[];
}

/** One batch (1-based number `n`) to POST /admin/characters/bulk; failures become the spec's messages. */
export async function importBatch(
  n: number,
  items: ImportItem[],
  animeId: number,
  report: BatchReport,
): Promise<void> {
  let r: Awaited<ReturnType<typeof call>>;
  try {
    r = await call('POST', '/admin/characters/bulk', { characters: items, animeId });
  } catch (err) {
    report.errors.push(k('batchError', { n, error: err instanceof Error ? err.message : String(err) }));
    return;
  }
  if (r.status === 413) {
    report.errors.push(k('tooLarge', { n, size: items.length }));
    return;
  }
  if (!r.ok) {
    report.errors.push(k('httpStatus', { status: r.status, text: serverError(r.body) ?? r.statusText }));
    return;
  }
  const body = (r.body ?? {}) as {
    success?: boolean;
    created?: unknown[];
    updated?: unknown[];
    conflicts?: unknown[];
    error?: string;
  };
  if (body.success === false) {
    report.errors.push(k('batchError', { n, error: body.error ?? '' }));
    return;
  }
  report.created += Array.isArray(body.created) ? body.created.length : 0;
  report.updated += Array.isArray(body.updated) ? body.updated.length : 0;
  report.conflicts += Array.isArray(body.conflicts) ? body.conflicts.length : 0;
}

/** Shikimori options for one row: ids used by other rows are hidden, the row's own stays. */
export function optionsFor(
  rowId: number,
  options: readonly ShikimoriCharacter[],
  chosen: ReadonlyMap<number, number | null>,
): ShikimoriCharacter[] {
  const mine = chosen.get(rowId) ?? null;
  const taken = new Set<number>();
  for (const [row, s] of chosen) if (row !== rowId && s !== null) taken.add(s);
  return options.filter((o) => o.shikimoriId === mine || !taken.has(o.shikimoriId));
}

/** Every name a row goes by, both sites' (what the catalogue is searched by). */
export const rowNames = (a: AnilistCharacter, s: ShikimoriCharacter | undefined): string[] =>
  dedupe([
    ...anilistNames(a),
    ...(a.native ? [a.native] : []),
    ...(s ? shikimoriNames(s) : []),
    ...(s?.japanese ? [s.japanese] : []),
  ]);

/**
 * POST /admin/characters/import-matches (issue 28): the catalogue character each row already is,
 * by either site's id or by name, keyed by the row's AniList id.
 */
export async function loadMatches(
  animeId: number,
  rows: readonly AnilistCharacter[],
  shikimoriOf: (anilistId: number) => ShikimoriCharacter | undefined,
): Promise<{ ok: true; value: Map<number, ImportMatch> } | { ok: false; error: unknown }> {
  if (rows.length === 0) return { ok: true, value: new Map() };
  const candidates = rows.map((a) => {
    const s = shikimoriOf(a.anilistId);
    return {
      anilistId: a.anilistId,
      ...(s ? { shikimoriId: s.shikimoriId } : {}),
      names: rowNames(a, s).slice(0, 60),
    };
  });
  try {
    const { matches } = await request('POST /admin/characters/import-matches', {
      body: { animeId, candidates },
    });
    return { ok: true, value: new Map(matches.map((m) => [m.anilistId, m])) };
  } catch (error) {
    return { ok: false, error };
  }
}
