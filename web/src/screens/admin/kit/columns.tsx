import type { TFunction } from 'i18next';
import type { CatalogueColumn } from '../table/CatalogueTable';

/** The id column every catalogue list starts with (sortable). */
export const idColumn = <T extends { id: number }>(t: TFunction): CatalogueColumn<T, 'id'> => ({
  key: 'id',
  label: t('adminCatalogue.id'),
  sortable: true,
  render: (row) => row.id,
});

/** The Shikimori and AniList id columns (sortable; '-' when there is none). */
export const externalIdColumns = <T extends { shikimoriId: number | null; anilistId: number | null }>(
  t: TFunction,
): CatalogueColumn<T, 'shikimoriId' | 'anilistId'>[] => [
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
];

/** The add form's submit button: 'Add', 'Adding…' while it saves. */
export const addSubmit = (t: TFunction) => ({
  idle: t('adminCatalogue.add'),
  busy: t('adminCatalogue.adding'),
});
