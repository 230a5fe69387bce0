import type { AdminUser } from '@acg/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../table/DataTable';
import { PageNav, pageWords } from '../../table/parts';
import { userColumns } from './columns';
import { UserModal } from './UserModal';
import { UsersToolbar } from './UsersToolbar';
import { useLevelEdits, useUserList } from './useUsers';

export { nextSort } from './columns';
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, usersLoadError } from './useUsers';

/** 'shown X-Y of N' for a page (0-0 of 0 when empty). */
export const shownRange = (page: number, pageSize: number, total: number) => ({
  from: total === 0 ? 0 : (page - 1) * pageSize + 1,
  to: Math.min(page * pageSize, total),
  total,
});

/** The users table (requirements O2.1, O4): search, level filter, sorting, paging, level edits. */
export default function UsersSection() {
  const { t } = useTranslation();
  const ids = useId();
  const list = useUserList();
  const edits = useLevelEdits();
  const [open, setOpen] = useState<AdminUser | null>(null);
  const { rows, total, loading, error, page, pageSize, pages } = list;
  const range = shownRange(page, pageSize, total);

  return (
    <section className="admin-users" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminUsers.title')}
      </h2>
      <UsersToolbar list={list} ids={ids} />
      <p className="admin-range" aria-live="polite">
        {t('adminUsers.range', range)}
      </p>

      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminUsers.loading')}
        </p>
      ) : null}

      <DataTable
        className="admin-table"
        busy={loading}
        rows={rows}
        rowKey={(user) => user.id}
        empty={!loading && !error ? t('adminUsers.empty') : null}
        columns={userColumns({ t, sort: list.sort, setSort: list.setSort, edits, open: setOpen })}
      />

      {pages > 1 ? (
        <PageNav
          label={t('adminUsers.pagination')}
          page={page}
          pages={pages}
          onPage={list.setPage}
          words={pageWords(t, 'adminUsers')}
        >
          <span aria-current="page">{t('adminUsers.pageOf', { page, pages })}</span>
        </PageNav>
      ) : null}

      {open ? <UserModal userId={open.id} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
