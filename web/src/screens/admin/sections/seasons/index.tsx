import { useTranslation } from 'react-i18next';
import { createSeason, deleteSeason, type Season, updateSeason } from '../../../../api/admin-catalogue';
import { loadErrorText } from '../../../../components/LoadError';
import { addSubmit } from '../../kit/columns';
import { PlainSection } from '../../kit/ResourceSection';
import { asRows, useResourceList } from '../../kit/useResource';

/** Requirements C9: dates show as their first 10 characters (YYYY-MM-DD). */
export const dateShown = (value: string) => value.slice(0, 10);

const CHANGES = ['GET /admin/seasons'] as const;
const EMPTY = { title: '', startDate: '', endDate: '' };

/** Season admin (requirements C2.6): form with three required fields, table, delete. */
export default function SeasonsSection() {
  const { t } = useTranslation();
  const list = useResourceList('GET /admin/seasons', asRows<Season>);
  const failure = (err: unknown) => loadErrorText(t, err);
  return (
    <PlainSection
      decl={{
        list,
        changes: CHANGES,
        className: 'admin-table admin-table--seasons',
        add: {
          label: t('adminCatalogue.seasons.addForm'),
          empty: EMPTY,
          nativeValidation: true,
          fields: [
            { name: 'title', label: t('adminCatalogue.seasons.title'), required: true, grow: true },
            { name: 'startDate', label: t('adminCatalogue.seasons.start'), type: 'date', required: true },
            { name: 'endDate', label: t('adminCatalogue.seasons.end'), type: 'date', required: true },
          ],
          create: (v) => createSeason({ title: v.title.trim(), startDate: v.startDate, endDate: v.endDate }),
          failure,
          submit: addSubmit(t),
        },
        texts: {
          loading: t('adminCatalogue.seasons.loading'),
          empty: t('adminCatalogue.empty'),
          loadError: failure,
        },
        columns: [
          { key: 'id', label: t('adminCatalogue.id'), render: (s) => s.id },
          { key: 'title', label: t('adminCatalogue.seasons.title'), render: (s) => s.title },
          { key: 'start', label: t('adminCatalogue.seasons.start'), render: (s) => dateShown(s.startDate) },
          { key: 'end', label: t('adminCatalogue.seasons.end'), render: (s) => dateShown(s.endDate) },
        ],
        edit: {
          editRow: (s) => t('adminCatalogue.seasons.editLabel', { title: s.title }),
          fields: [
            { name: 'title', column: 'title', label: t('adminCatalogue.seasons.title'), maxLength: 200 },
            { name: 'startDate', column: 'start', label: t('adminCatalogue.seasons.start'), type: 'date' },
            { name: 'endDate', column: 'end', label: t('adminCatalogue.seasons.end'), type: 'date' },
          ],
          values: (s) => ({
            title: s.title,
            startDate: dateShown(s.startDate),
            endDate: dateShown(s.endDate),
          }),
          write: (s, changed) =>
            updateSeason(
              s.id,
              changed.title === undefined ? changed : { ...changed, title: changed.title.trim() },
            ),
          failure,
        },
        remove: {
          label: t('adminCatalogue.delete'),
          column: t('adminCatalogue.seasons.action'),
          confirm: (s) => t('adminTable.confirmDeleteOne', { name: s.title }),
          write: deleteSeason,
          failure,
        },
      }}
    />
  );
}
