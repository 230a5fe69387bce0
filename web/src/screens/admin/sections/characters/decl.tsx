import type { TFunction } from 'i18next';
import { type AdminCharacter, createCharacter, updateCharacter } from '../../../../api/admin-catalogue';
import { say, sayAbout } from '../../catalogue/say';
import { positiveId, validateCharacter } from '../../catalogue/validation';
import { addSubmit, externalIdColumns, idColumn } from '../../kit/columns';
import type { CatalogueDecl } from '../../kit/ResourceSection';
import type { CatalogueColumn } from '../../table/CatalogueTable';
import { links } from './parts';

export type Column = 'id' | 'name' | 'shikimoriId' | 'anilistId';
type Decl = CatalogueDecl<AdminCharacter, Column, { [F in Field]: string }>;
type Field = 'name' | 'shikimoriId' | 'anilistId' | 'description' | 'imageUrl';

/** The add form: name, ids, description and image. */
export const characterAdd = (t: TFunction, rows: readonly AdminCharacter[]): Decl['add'] => ({
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
  submit: addSubmit(t),
});

/** The table's columns: the name and other name edit inline. */
export const characterColumns = (t: TFunction): CatalogueColumn<AdminCharacter, Column>[] => [
  idColumn(t),
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
  ...externalIdColumns<AdminCharacter>(t),
  { key: 'links', label: t('adminCatalogue.links'), render: links },
];

/** A row's save: the name checked, only the edited fields written, trimmed. */
export const characterSave = (t: TFunction): Decl['save'] => ({
  check: (_row, draft) => {
    if (draft.name === undefined) return null;
    const problem = validateCharacter({ name: draft.name ?? '', shikimoriId: '', anilistId: '' }, []);
    return problem ? say(t, problem) : null;
  },
  // Only the edited fields, trimmed.
  write: (row, draft) =>
    updateCharacter(
      row.id,
      Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])),
    ),
  error: t('adminCatalogue.characters.saveError'),
});
