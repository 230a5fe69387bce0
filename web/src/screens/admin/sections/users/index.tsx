import type { AdminUser, AdminUserSort as UserSort } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../../api/client';
import { HttpError, serverErrorText } from '../../../../api/http';
import { memberName } from '../../../../api/member-name';
import { useSession } from '../../../../app/session';
import { useNotify } from '../../../../components/Notify';
import { asRows, useResourcePage, useResourceWrites } from '../../kit/useResource';
import { levelKey } from '../../levels';
import { DataTable } from '../../table/DataTable';
import { PageNav, PageSizeSelect, pageWords, SortHeader } from '../../table/parts';
import { Avatar, CopyButton, isDeveloperRow } from './shared';
import { UserModal } from './UserModal';

/** Requirements O9: page sizes, default 25; search debounce 250 ms; levels 0–3 assignable. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 250;
const ASSIGNABLE = [0, 1, 2, 3] as const;

interface Sort {
  column: UserSort;
  order: 'asc' | 'desc';
}

/** A level save changes the users list (and the modal's user). */
const CHANGES = ['GET /admin/users', 'GET /admin/users/:id'] as const;

/**
 * The users list's load failure (requirements O8): the server's own message; else the request
 * error text for an answer that is not OK; else (no answer at all) the list's own load error.
 */
export const usersLoadError = (t: TFunction, err: unknown): string =>
  serverErrorText(err) ??
  (err instanceof HttpError ? t('adminUsers.requestError') : t('adminUsers.loadError'));

/** Clicking the active column flips the order; another column starts ascending (requirements O2.1). */
export const nextSort = (current: Sort, column: UserSort): Sort =>
  current.column === column
    ? { column, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { column, order: 'asc' };

/** 'shown X-Y of N' for a page (0-0 of 0 when empty). */
export const shownRange = (page: number, pageSize: number, total: number) => ({
  from: total === 0 ? 0 : (page - 1) * pageSize + 1,
  to: Math.min(page * pageSize, total),
  total,
});

/** The users table (requirements O2.1, O4): search, level filter, sorting, paging, level edits. */
export default function UsersSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user: me } = useSession();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [level, setLevel] = useState<number | null>(null);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>({ column: 'id', order: 'asc' });
  const [pending, setPending] = useState<Record<number, number>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});
  const [open, setOpen] = useState<AdminUser | null>(null);
  const write = useResourceWrites(CHANGES);

  // The search is debounced and starts over on page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useResourcePage('GET /admin/users', asRows<AdminUser>, {
    query: {
      sort: sort.column,
      order: sort.order,
      limit: pageSize,
      offset: (page - 1) * pageSize,
      q: q || undefined,
      level: level ?? undefined,
    },
  });
  const { rows, total, loading } = list;
  const usersTotal = list.headers ? Number(list.headers.get('x-users-total') ?? total) : null;
  const error = list.error ? usersLoadError(t, list.error) : null;

  const pages = Math.max(1, Math.ceil(total / pageSize));
  // The page is clamped to the page count (a narrower search, a level saved away from a filter).
  useEffect(() => {
    if (!loading && page > pages) setPage(pages);
  }, [loading, page, pages]);

  const save = async (user: AdminUser) => {
    const value = pending[user.id];
    if (value === undefined || value === user.adminLevel) return;
    setSaving((s) => ({ ...s, [user.id]: true }));
    try {
      await write(() =>
        request('POST /admin/users/:id/adminLevel', { params: { id: user.id }, body: { adminLevel: value } }),
      );
      setPending(({ [user.id]: _, ...rest }) => rest);
      notify.success(t('adminUsers.saved', { name: memberName(user), level: t(levelKey(value)) }));
    } catch {
      notify.error(t('adminUsers.saveError'));
    } finally {
      setSaving(({ [user.id]: _, ...rest }) => rest);
    }
  };

  const filtered = q !== '' || level !== null;
  const range = shownRange(page, pageSize, total);
  /** A sortable column: its key, label and sort button. */
  const sortable = (column: UserSort, label: string) => ({
    key: column,
    label,
    head: (
      <SortHeader
        column={column}
        label={label}
        sort={sort}
        onSort={(c) => setSort((s) => nextSort(s, c))}
        sortLabel={t('adminUsers.sortBy', { column: label })}
      />
    ),
  });
  /** A row's level edit: the level chosen, whether it saves, and whether it may change at all. */
  const rowState = (user: AdminUser) => {
    const value = pending[user.id] ?? user.adminLevel;
    return {
      developer: isDeveloperRow(user),
      // The server refuses one's own level (docs/rules.md): the row says so up front.
      own: user.id === me?.id,
      value,
      busy: saving[user.id] === true,
      changed: value !== user.adminLevel,
    };
  };

  return (
    <section className="admin-users" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminUsers.title')}
      </h2>
      <div className="admin-toolbar">
        <label className="admin-field admin-field--grow">
          <span className="admin-field__label">{t('adminUsers.searchLabel')}</span>
          <input
            type="search"
            value={search}
            placeholder={t('adminUsers.searchPlaceholder')}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => setSearch(e.target.value)}
          />
          <span id={`${ids}-hint`} className="admin-field__hint">
            {usersTotal !== null ? t('adminUsers.searchHint', { count: usersTotal }) : ''}
          </span>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{t('adminUsers.levelFilter')}</span>
          <select
            value={level === null ? '' : String(level)}
            onChange={(e) => {
              setLevel(e.target.value === '' ? null : Number(e.target.value));
              setPage(1);
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
          value={pageSize}
          onChange={(n) => {
            setPageSize(n);
            setPage(1);
          }}
        />
        {filtered ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setSearch('');
              setQ('');
              setLevel(null);
              setPage(1);
            }}
          >
            {t('adminUsers.reset')}
          </button>
        ) : null}
      </div>
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
        columns={[
          {
            key: 'avatar',
            label: t('adminUsers.avatar'),
            render: (user) => <Avatar discordId={user.discordId} hash={user.avatar} size={48} alt="" />,
          },
          { ...sortable('id', t('adminUsers.id')), render: (user) => user.id },
          {
            ...sortable('discordId', t('adminUsers.discordId')),
            render: (user) => (
              <>
                <span className="admin-mono">{user.discordId}</span>
                <CopyButton
                  text={user.discordId}
                  label={t('adminUsers.copyDiscordId', { id: user.discordId })}
                />
              </>
            ),
          },
          {
            ...sortable('username', t('adminUsers.name')),
            render: (user) => (
              <>
                <button type="button" className="admin-link" onClick={() => setOpen(user)}>
                  {memberName(user)}
                </button>
                {memberName(user) !== user.username ? (
                  <span className="admin-muted"> @{user.username}</span>
                ) : null}
              </>
            ),
          },
          {
            ...sortable('adminLevel', t('adminUsers.level')),
            render: (user) => {
              const { developer, own, value, busy } = rowState(user);
              return developer ? (
                <span className="admin-badge admin-badge--developer">{t('levels.4')}</span>
              ) : (
                <select
                  aria-label={t('adminUsers.levelOf', { name: memberName(user) })}
                  value={value}
                  disabled={busy || own}
                  onChange={(e) => setPending((p) => ({ ...p, [user.id]: Number(e.target.value) }))}
                >
                  {ASSIGNABLE.map((l) => (
                    <option key={l} value={l}>
                      {t(levelKey(l))}
                    </option>
                  ))}
                </select>
              );
            },
          },
          {
            key: 'action',
            label: t('adminUsers.action'),
            render: (user) => {
              const { developer, own, busy, changed } = rowState(user);
              return (
                <div className="admin-table__actions">
                  <button type="button" className="button button--ghost" onClick={() => setOpen(user)}>
                    {t('adminUsers.open')}
                  </button>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={developer || own || busy || !changed}
                    onClick={() => void save(user)}
                  >
                    {busy ? t('adminUsers.saving') : t('adminUsers.save')}
                  </button>
                </div>
              );
            },
          },
        ]}
      />

      {pages > 1 ? (
        <PageNav
          label={t('adminUsers.pagination')}
          page={page}
          pages={pages}
          onPage={setPage}
          words={pageWords(t, 'adminUsers')}
        >
          <span aria-current="page">{t('adminUsers.pageOf', { page, pages })}</span>
        </PageNav>
      ) : null}

      {open ? <UserModal userId={open.id} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
