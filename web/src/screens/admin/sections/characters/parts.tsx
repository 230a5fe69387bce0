import { useTranslation } from 'react-i18next';
import type { AdminCharacter } from '../../../../api/admin-catalogue';
import { imageSource } from '../../../../api/images';
import type { AdminTableState } from '../../table/useAdminTable';
import type { Column } from './decl';

export const shikimoriCharacterUrl = (id: number) => `https://shikimori.one/characters/${id}`;
export const anilistCharacterUrl = (id: number) => `https://anilist.co/character/${id}`;

export type Has = 'shikimori' | 'anilist' | 'image';
export const NO_FILTER: Record<Has, boolean> = { shikimori: false, anilist: false, image: false };
export type View = 'table' | 'grid';
type Table = AdminTableState<AdminCharacter, Column>;

/** The character's Shikimori and AniList pages. */
export const links = (c: AdminCharacter) => (
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

/** The anime the list is of (when it is of one) and the count tiles. */
export function CharacterSummary({
  rows,
  selected,
  animeTitle,
}: {
  rows: readonly AdminCharacter[];
  selected: number;
  /** undefined: the list is of every character. */
  animeTitle: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {animeTitle !== undefined ? (
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
  );
}

/** The view switch (table or grid) and the reset of the search and filters. */
export function ViewControls({
  view,
  setView,
  onReset,
}: {
  view: View;
  setView: (v: View) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
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
      <button type="button" className="button button--ghost" onClick={onReset}>
        {t('adminCatalogue.reset')}
      </button>
    </>
  );
}

/** The page's characters as tiles, each with its selection checkbox. */
export function CharacterGrid({ table }: { table: Table }) {
  const { t } = useTranslation();
  return (
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
  );
}
