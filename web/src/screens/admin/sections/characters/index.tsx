import type { AdminAnime } from '@acg/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type AdminCharacter,
  CLIENT_CACHE_MS,
  deleteCharacter,
  deleteCharacters,
} from '../../../../api/admin-catalogue';
import { positiveId } from '../../catalogue/validation';
import { CatalogueSection } from '../../kit/ResourceSection';
import { asRows, useResourceList } from '../../kit/useResource';
import { matchesText } from '../../table/model';
import { type Column, characterAdd, characterColumns, characterSave } from './decl';
import { CharacterGrid, CharacterSummary, NO_FILTER, type View, ViewControls } from './parts';

export { anilistCharacterUrl, shikimoriCharacterUrl } from './parts';

const accessor = (c: AdminCharacter, k: Column) => c[k];
const animeRows = (answer: AdminAnime[]) => answer;
/** A character changes the card form's suggestions and the member catalogue. */
const CHANGES = ['GET /admin/characters', 'GET /api/characters'] as const;

/** The ?animeId= the list is of (null: every character). */
function useAnimeId() {
  const [params] = useSearchParams();
  const animeId = positiveId(params.get('animeId') ?? '');
  return animeId !== null && !Number.isNaN(animeId) ? animeId : null;
}

/** The title of the anime the list is of, once the anime list is read (null before, or with no anime). */
function useAnimeTitle(validAnime: number | null) {
  // Requirements C7: the anime list the heading names comes from a 5-minute client cache.
  const animes = useResourceList('GET /admin/animes', animeRows, { staleTime: CLIENT_CACHE_MS });
  return validAnime === null
    ? null
    : animes.loaded || animes.error
      ? (animes.rows.find((a) => a.id === validAnime)?.title ?? `#${validAnime}`)
      : null;
}

/** Character admin (requirements C2.2): ?animeId=, tiles, search, has-X filters, grid/table, inline edits. */
export default function CharactersSection() {
  const { t } = useTranslation();
  const validAnime = useAnimeId();
  const list = useResourceList('GET /admin/characters', asRows<AdminCharacter>, {
    input: { query: { animeId: validAnime ?? undefined } },
  });
  const animeTitle = useAnimeTitle(validAnime);
  const [has, setHas] = useState(NO_FILTER);
  const [view, setView] = useState<View>('table');
  const rows = list.rows;

  const filter = useCallback(
    (c: AdminCharacter, q: string) =>
      (!has.shikimori || c.shikimoriId !== null) &&
      (!has.anilist || c.anilistId !== null) &&
      (!has.image || !!c.imageUrl) &&
      matchesText(q, c.name, c.altname, c.id, c.shikimoriId, c.anilistId),
    [has],
  );

  return (
    <CatalogueSection
      decl={{
        list,
        changes: CHANGES,
        filter,
        accessor,
        resetKey: `${has.shikimori}${has.anilist}${has.image}`,
        rowName: (row) => row.name,
        summary: (selected) => (
          <CharacterSummary
            rows={rows}
            selected={selected}
            animeTitle={validAnime !== null ? animeTitle : undefined}
          />
        ),
        add: characterAdd(t, rows),
        filters: (['shikimori', 'anilist', 'image'] as const).map((k) => (
          <label key={k} className="admin-check">
            <input type="checkbox" checked={has[k]} onChange={() => setHas((h) => ({ ...h, [k]: !h[k] }))} />
            {t(`adminCatalogue.characters.has.${k}`)}
          </label>
        )),
        extra: (table) => (
          <ViewControls
            view={view}
            setView={setView}
            onReset={() => {
              table.setSearch('');
              setHas(NO_FILTER);
            }}
          />
        ),
        alternate: (table) => (view !== 'grid' ? null : <CharacterGrid table={table} />),
        columns: characterColumns(t),
        save: characterSave(t),
        remove: {
          write: deleteCharacter,
          bulk: deleteCharacters,
          error: t('adminCatalogue.characters.deleteError'),
        },
      }}
    />
  );
}
