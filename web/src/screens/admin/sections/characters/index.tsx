import type { AdminAnime } from '@acg/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type AdminCharacter,
  CLIENT_CACHE_MS,
  createCharacter,
  deleteCharacter,
  deleteCharacters,
  updateCharacter,
} from '../../../../api/admin-catalogue';
import { imageSource } from '../../../../api/images';
import { say, sayAbout } from '../../catalogue/say';
import { positiveId, validateCharacter } from '../../catalogue/validation';
import { CatalogueSection } from '../../kit/ResourceSection';
import { asRows, useResourceList } from '../../kit/useResource';
import { matchesText } from '../../table/model';

type Column = 'id' | 'name' | 'shikimoriId' | 'anilistId';
const accessor = (c: AdminCharacter, k: Column) => c[k];
type Has = 'shikimori' | 'anilist' | 'image';
const NO_FILTER: Record<Has, boolean> = { shikimori: false, anilist: false, image: false };
const animeRows = (answer: AdminAnime[]) => answer;
/** A character changes the card form's suggestions and the member catalogue. */
const CHANGES = ['GET /admin/characters', 'GET /api/characters'] as const;

export const shikimoriCharacterUrl = (id: number) => `https://shikimori.one/characters/${id}`;
export const anilistCharacterUrl = (id: number) => `https://anilist.co/character/${id}`;

/** Character admin (requirements C2.2): ?animeId=, tiles, search, has-X filters, grid/table, inline edits. */
export default function CharactersSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const animeId = positiveId(params.get('animeId') ?? '');
  const validAnime = animeId !== null && !Number.isNaN(animeId) ? animeId : null;
  const list = useResourceList('GET /admin/characters', asRows<AdminCharacter>, {
    input: { query: { animeId: validAnime ?? undefined } },
  });
  // Requirements C7: the anime list the heading names comes from a 5-minute client cache.
  const animes = useResourceList('GET /admin/animes', animeRows, { staleTime: CLIENT_CACHE_MS });
  const animeTitle =
    validAnime === null
      ? null
      : animes.loaded || animes.error
        ? (animes.rows.find((a) => a.id === validAnime)?.title ?? `#${validAnime}`)
        : null;
  const [has, setHas] = useState(NO_FILTER);
  const [view, setView] = useState<'table' | 'grid'>('table');
  const rows = list.rows;

  const filter = useCallback(
    (c: AdminCharacter, q: string) =>
      (!has.shikimori || c.shikimoriId !== null) &&
      (!has.anilist || c.anilistId !== null) &&
      (!has.image || !!c.imageUrl) &&
      matchesText(q, c.name, c.altname, c.id, c.shikimoriId, c.anilistId),
    [has],
  );

  const links = (c: AdminCharacter) => (
    <span className="admin-catalogue__links">
      {c.shikimoriId ? (
        <a href={shikimoriCharacterUrl(c.shikimoriId)} target="_blank" rel="noreferrer">
          Shikimori
        </a>
      ) : null}
      {c.anilistId ? (
        <a href={anilistCharacterUrl(c.anilistId)} target="_blank" rel="noreferrer">
          AniList
        </a>
      ) : null}
    </span>
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
          <>
            {validAnime !== null ? (
              <h2 className="admin-catalogue__heading">
                {t('adminCatalogue.characters.ofAnime', { title: animeTitle ?? '' })}
              </h2>
            ) : null}
            <ul className="admin-stats admin-catalogue__tiles">
              {(
                [
                  ['total', rows.length],
                  ['withShikimori', rows.filter((r) => r.shikimoriId !== null).length],
                  ['withAnilist', rows.filter((r) => r.anilistId !== null).length],
                  ['withImage', rows.filter((r) => !!r.imageUrl).length],
                  ['selected', selected],
                ] as const
              ).map(([key, value]) => (
                <li key={key} className="admin-stat">
                  <span className="admin-stat__value">{value}</span>
                  <span className="admin-stat__label">{t(`adminCatalogue.characters.tiles.${key}`)}</span>
                </li>
              ))}
            </ul>
          </>
        ),
        add: {
          label: t('adminCatalogue.characters.addForm'),
          empty: { name: '', shikimoriId: '', anilistId: '', description: '', imageUrl: '' },
          fields: [
            { name: 'name', label: t('adminCatalogue.name'), grow: true },
            { name: 'shikimoriId', label: t('adminCatalogue.shikimoriId'), inputMode: 'numeric' },
            { name: 'anilistId', label: t('adminCatalogue.anilistId'), inputMode: 'numeric' },
            { name: 'description', label: t('adminCatalogue.description'), grow: true },
            { name: 'imageUrl', label: t('adminCatalogue.imageUrl'), type: 'url', grow: true },
          ],
          validate: (v) => {
            const problem = validateCharacter(v, rows);
            return problem ? sayAbout(t, problem) : null;
          },
          create: (v) =>
            createCharacter({
              name: v.name.trim(),
              shikimoriId: positiveId(v.shikimoriId),
              anilistId: positiveId(v.anilistId),
              description: v.description.trim(),
              imageUrl: v.imageUrl.trim(),
            }),
          failure: () => t('adminCatalogue.characters.addError'),
          submit: { idle: t('adminCatalogue.add'), busy: t('adminCatalogue.adding') },
        },
        filters: (['shikimori', 'anilist', 'image'] as const).map((k) => (
          <label key={k} className="admin-check">
            <input type="checkbox" checked={has[k]} onChange={() => setHas((h) => ({ ...h, [k]: !h[k] }))} />
            {t(`adminCatalogue.characters.has.${k}`)}
          </label>
        )),
        extra: (table) => (
          <>
            <fieldset className="admin-catalogue__view">
              <legend className="visually-hidden">{t('adminCatalogue.view')}</legend>
              {(['table', 'grid'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  className={view === v ? 'button button--primary' : 'button button--ghost'}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {t(`adminCatalogue.views.${v}`)}
                </button>
              ))}
            </fieldset>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                table.setSearch('');
                setHas(NO_FILTER);
              }}
            >
              {t('adminCatalogue.reset')}
            </button>
          </>
        ),
        alternate: (table) =>
          view !== 'grid' ? null : (
            <ul className="admin-catalogue__grid">
              {table.pageRows.map((c) => {
                const image = imageSource(c.imageUrl);
                return (
                  <li key={c.id} className="admin-catalogue__tile">
                    <label className="admin-check">
                      <input
                        type="checkbox"
                        aria-label={t('adminCatalogue.selectRow', { name: c.name })}
                        checked={table.selected.has(c.id)}
                        onChange={() => table.toggleOne(c.id)}
                      />
                      #{c.id}
                    </label>
                    {image ? <img src={image} alt="" loading="lazy" width={96} height={128} /> : null}
                    <strong>{c.name}</strong>
                    {links(c)}
                  </li>
                );
              })}
            </ul>
          ),
        columns: [
          { key: 'id', label: t('adminCatalogue.id'), sortable: true, render: (row) => row.id },
          {
            key: 'name',
            label: t('adminCatalogue.name'),
            sortable: true,
            edit: { field: 'name', label: (row) => t('adminCatalogue.nameOf', { id: row.id }) },
          },
          {
            key: 'altname',
            label: t('adminCatalogue.altname'),
            edit: { field: 'altname', label: (row) => t('adminCatalogue.altnameOf', { id: row.id }) },
          },
          {
            key: 'shikimoriId',
            label: t('adminCatalogue.shikimoriId'),
            sortable: true,
            render: (row) => row.shikimoriId ?? '-',
          },
          {
            key: 'anilistId',
            label: t('adminCatalogue.anilistId'),
            sortable: true,
            render: (row) => row.anilistId ?? '-',
          },
          { key: 'links', label: t('adminCatalogue.links'), render: links },
        ],
        save: {
          check: (_row, draft) => {
            if (draft.name === undefined) return null;
            const problem = validateCharacter({ name: draft.name ?? '', shikimoriId: '', anilistId: '' }, []);
            return problem ? say(t, problem) : null;
          },
          // Only the edited fields, trimmed.
          write: (row, draft) =>
            updateCharacter(
              row.id,
              Object.fromEntries(
                Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
              ),
            ),
          error: t('adminCatalogue.characters.saveError'),
        },
        remove: {
          write: deleteCharacter,
          bulk: deleteCharacters,
          error: t('adminCatalogue.characters.deleteError'),
        },
      }}
    />
  );
}
