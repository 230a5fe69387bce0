import { useTranslation } from 'react-i18next';
import {
  CLIENT_CACHE_MS,
  createFranchise,
  deleteFranchise,
  type Franchise,
  renameFranchise,
} from '../../../../api/admin-catalogue';
import { say, sayAbout } from '../../catalogue/say';
import { validateFranchise } from '../../catalogue/validation';
import { addSubmit, idColumn } from '../../kit/columns';
import { CatalogueSection } from '../../kit/ResourceSection';
import { asRows, useResourceList } from '../../kit/useResource';
import { matchesText } from '../../table/model';

type Column = 'id' | 'title';
const accessor = (f: Franchise, c: Column) => f[c];
const filter = (f: Franchise, q: string) => matchesText(q, f.title, f.id);
/** A franchise changes the anime list too (its franchise column). */
const CHANGES = ['GET /admin/franchises', 'GET /admin/animes'] as const;

/** Franchise admin (requirements C2.3): counters, add form, search, sortable table with inline title edits. */
export default function FranchisesSection() {
  const { t } = useTranslation();
  // Requirements C7: the franchise list is kept 5 minutes ('Refresh' and every write read it again).
  const list = useResourceList('GET /admin/franchises', asRows<Franchise>, { staleTime: CLIENT_CACHE_MS });
  const others = (id: number) => list.rows.filter((r) => r.id !== id);
  return (
    <CatalogueSection
      decl={{
        list,
        changes: CHANGES,
        filter,
        accessor,
        rowName: (row) => row.title,
        summary: (selected) => (
          <p className="admin-catalogue__stats">
            {t('adminCatalogue.franchises.stats', { total: list.rows.length, selected })}
          </p>
        ),
        add: {
          empty: { title: '' },
          fields: [{ name: 'title', label: t('adminCatalogue.franchises.newTitle'), grow: true }],
          validate: (v) => {
            const problem = validateFranchise(v.title, list.rows);
            return problem ? sayAbout(t, problem) : null;
          },
          create: (v) => createFranchise(v.title.trim()),
          failure: () => t('adminCatalogue.franchises.addError'),
          submit: addSubmit(t),
        },
        columns: [
          idColumn<Franchise>(t),
          {
            key: 'title',
            label: t('adminCatalogue.title'),
            sortable: true,
            edit: { field: 'title', label: (row) => t('adminCatalogue.titleOf', { id: row.id }) },
          },
        ],
        save: {
          check: (row, draft) => {
            const problem = draft.title === undefined ? null : validateFranchise(draft.title, others(row.id));
            return problem ? say(t, problem) : null;
          },
          write: (row, draft) => renameFranchise(row.id, (draft.title ?? row.title).trim()),
          error: t('adminCatalogue.franchises.saveError'),
        },
        remove: { write: deleteFranchise, error: t('adminCatalogue.franchises.deleteError') },
      }}
    />
  );
}
