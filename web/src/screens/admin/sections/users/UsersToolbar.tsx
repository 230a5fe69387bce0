import { useTranslation } from 'react-i18next';
import { levelKey } from '../../levels';
import { PageSizeSelect } from '../../table/parts';
import { ASSIGNABLE } from './columns';
import { PAGE_SIZES, type UserList } from './useUsers';

/** Search (with the count of users as its hint), level filter, page size and reset. */
export function UsersToolbar({ list, ids }: { list: UserList; ids: string }) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminUsers.searchLabel')}</span>
        <input
          type="search"
          value={list.search}
          placeholder={t('adminUsers.searchPlaceholder')}
          aria-describedby={`${ids}-hint`}
          onChange={(e) => list.setSearch(e.target.value)}
        />
        <span id={`${ids}-hint`} className="admin-field__hint">
          {list.usersTotal !== null ? t('adminUsers.searchHint', { count: list.usersTotal }) : ''}
        </span>
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminUsers.levelFilter')}</span>
        <select
          value={list.level === null ? '' : String(list.level)}
          onChange={(e) => {
            list.setLevel(e.target.value === '' ? null : Number(e.target.value));
            list.setPage(1);
          }}
        >
          <option value="">{t('adminUsers.allLevels')}</option>
          {ASSIGNABLE.map((l) => (
            <option key={l} value={l}>
              {t(levelKey(l))}
            </option>
          ))}
        </select>
      </label>
      <PageSizeSelect
        label={t('adminUsers.pageSize')}
        sizes={PAGE_SIZES}
        value={list.pageSize}
        onChange={(n) => {
          list.setPageSize(n);
          list.setPage(1);
        }}
      />
      {list.filtered ? (
        <button type="button" className="button button--ghost" onClick={list.reset}>
          {t('adminUsers.reset')}
        </button>
      ) : null}
    </div>
  );
}
