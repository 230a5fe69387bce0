import type { AdminUser, AdminUserSort as UserSort } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../../api/client';
import { HttpError, serverErrorText } from '../../../../api/http';
import { memberName } from '../../../../api/member-name';
import { useSession } from '../../../../app/session';
import { useNotify } from '../../../../components/Notify';
import { asRows, useResourcePage, useResourceWrites } from '../../kit/useResource';
import { levelKey } from '../../levels';
import { isDeveloperRow } from './shared';

/** Requirements O9: page sizes, default 25; search debounce 250 ms. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 250;

export interface Sort {
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

/** The list's query (search, level, page size, page, sort) and the page of users it selects. */
export function useUserList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [level, setLevel] = useState<number | null>(null);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>({ column: 'id', order: 'asc' });

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
  const { total, loading } = list;
  const usersTotal = list.headers ? Number(list.headers.get('x-users-total') ?? total) : null;
  const error = list.error ? usersLoadError(t, list.error) : null;

  const pages = Math.max(1, Math.ceil(total / pageSize));
  // The page is clamped to the page count (a narrower search, a level saved away from a filter).
  useEffect(() => {
    if (!loading && page > pages) setPage(pages);
  }, [loading, page, pages]);

  const reset = () => {
    setSearch('');
    setQ('');
    setLevel(null);
    setPage(1);
  };
  return {
    ...{ search, setSearch, level, setLevel, pageSize, setPageSize, page, setPage, sort, setSort, reset },
    ...{ rows: list.rows, total, loading, usersTotal, error, pages, filtered: q !== '' || level !== null },
  };
}

export type UserList = ReturnType<typeof useUserList>;

/** The level edits: the level chosen for each row, the saves under way and the save. */
export function useLevelEdits() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user: me } = useSession();
  const [pending, setPending] = useState<Record<number, number>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});
  const write = useResourceWrites(CHANGES);

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
  const choose = (user: AdminUser, level: number) => setPending((p) => ({ ...p, [user.id]: level }));
  return { save, rowState, choose };
}

export type LevelEdits = ReturnType<typeof useLevelEdits>;
