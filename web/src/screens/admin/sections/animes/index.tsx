import type { AdminAnime } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import {
  type Anime,
  CLIENT_CACHE_MS,
  createAnime,
  deleteAnime,
  type Franchise,
  toAnime,
} from '../../../../api/admin-catalogue';
import { sayAbout } from '../../catalogue/say';
import { positiveId, validateAnime } from '../../catalogue/validation';
import { addSubmit, externalIdColumns, idColumn } from '../../kit/columns';
import { CatalogueSection } from '../../kit/ResourceSection';
import { asRows, useResourceList } from '../../kit/useResource';
import { matchesText } from '../../table/model';

type Column = 'id' | 'title' | 'shikimoriId' | 'anilistId' | 'franchiseTitle';
const accessor = (a: Anime, c: Column) => a[c];
const filter = (a: Anime, q: string) =>
  matchesText(q, a.title, a.id, a.shikimoriId, a.anilistId, a.franchiseTitle);
const toRows = (answer: AdminAnime[]) => answer.map(toAnime);
/** An anime changes the lists that offer anime: the cards' and characters' filters, the member filter. */
const CHANGES = ['GET /admin/animes', 'GET /api/anime'] as const;

/** Anime admin (requirements C2.4): stats, add form, search, sortable table (id descending), deletes. */
export default function AnimesSection() {
  const { t } = useTranslation();
  const list = useResourceList('GET /admin/animes', toRows);
  // The form's franchise choice; without it the form still works (no franchise).
  const franchises = useResourceList('GET /admin/franchises', asRows<Franchise>, {
    staleTime: CLIENT_CACHE_MS,
  });
  const rows = list.rows;
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
            {t('adminCatalogue.animes.stats', {
              total: rows.length,
              anilist: rows.filter((r) => r.anilistId !== null).length,
              franchise: rows.filter((r) => r.franchiseId !== null).length,
              selected,
            })}
          </p>
        ),
        add: {
          label: t('adminCatalogue.animes.addForm'),
          empty: { title: '', shikimoriId: '', anilistId: '', franchiseId: '' },
          fields: [
            { name: 'title', label: t('adminCatalogue.title'), grow: true },
            { name: 'shikimoriId', label: t('adminCatalogue.shikimoriId'), inputMode: 'numeric' },
            { name: 'anilistId', label: t('adminCatalogue.anilistId'), inputMode: 'numeric' },
            {
              name: 'franchiseId',
              server: 'franchise_id',
              label: t('adminCatalogue.franchiseOptional'),
              select: {
                empty: t('adminCatalogue.none'),
                options: franchises.rows.map((f) => ({ value: String(f.id), label: f.title })),
              },
            },
          ],
          validate: (v) => {
            const problem = validateAnime(v, rows);
            return problem ? sayAbout(t, problem) : null;
          },
          create: (v) =>
            createAnime({
              title: v.title.trim(),
              shikimoriId: positiveId(v.shikimoriId),
              anilistId: positiveId(v.anilistId),
              franchise_id: v.franchiseId ? Number(v.franchiseId) : null,
            }),
          failure: () => t('adminCatalogue.animes.addError'),
          submit: addSubmit(t),
        },
        columns: [
          idColumn<Anime>(t),
          {
            key: 'title',
            label: t('adminCatalogue.title'),
            sortable: true,
            render: (row) => <a href={`/admin?tab=characters&animeId=${row.id}`}>{row.title}</a>,
          },
          ...externalIdColumns<Anime>(t),
          {
            key: 'franchiseTitle',
            label: t('adminCatalogue.franchise'),
            sortable: true,
            render: (row) => row.franchiseTitle ?? '-',
          },
        ],
        remove: { write: deleteAnime, error: t('adminCatalogue.animes.deleteError') },
      }}
    />
  );
}
