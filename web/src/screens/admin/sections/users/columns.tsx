import type { AdminUser, AdminUserSort as UserSort } from '@acg/contracts';
import type { TFunction } from 'i18next';
import { memberName } from '../../../../api/member-name';
import { levelKey } from '../../levels';
import type { Column } from '../../table/DataTable';
import { SortHeader } from '../../table/parts';
import { Avatar, CopyButton } from './shared';
import type { LevelEdits, Sort } from './useUsers';

/** Levels 0–3 are assignable (requirements O9). */
export const ASSIGNABLE = [0, 1, 2, 3] as const;

/** Clicking the active column flips the order; another column starts ascending (requirements O2.1). */
export const nextSort = (current: Sort, column: UserSort): Sort =>
  current.column === column
    ? { column, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { column, order: 'asc' };

interface ColumnsInput {
  t: TFunction;
  sort: Sort;
  setSort: (next: (s: Sort) => Sort) => void;
  edits: LevelEdits;
  open: (user: AdminUser) => void;
}

/** The users table's columns: sortable ones with their sort buttons, the level edit and its save. */
export function userColumns({ t, sort, setSort, edits, open }: ColumnsInput): Column<AdminUser>[] {
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
  return [
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
          <CopyButton text={user.discordId} label={t('adminUsers.copyDiscordId', { id: user.discordId })} />
        </>
      ),
    },
    {
      ...sortable('username', t('adminUsers.name')),
      render: (user) => (
        <>
          <button type="button" className="admin-link" onClick={() => open(user)}>
            {memberName(user)}
          </button>
          {memberName(user) !== user.username ? <span className="admin-muted"> @{user.username}</span> : null}
        </>
      ),
    },
    {
      ...sortable('adminLevel', t('adminUsers.level')),
      render: (user) => <LevelCell t={t} user={user} edits={edits} />,
    },
    {
      key: 'action',
      label: t('adminUsers.action'),
      render: (user) => <ActionCell t={t} user={user} edits={edits} open={open} />,
    },
  ];
}

function LevelCell({ t, user, edits }: { t: TFunction; user: AdminUser; edits: LevelEdits }) {
  const { developer, own, value, busy } = edits.rowState(user);
  return developer ? (
    <span className="admin-badge admin-badge--developer">{t('levels.4')}</span>
  ) : (
    <select
      aria-label={t('adminUsers.levelOf', { name: memberName(user) })}
      value={value}
      disabled={busy || own}
      onChange={(e) => edits.choose(user, Number(e.target.value))}
    >
      {ASSIGNABLE.map((l) => (
        <option key={l} value={l}>
          {t(levelKey(l))}
        </option>
      ))}
    </select>
  );
}

function ActionCell({
  t,
  user,
  edits,
  open,
}: {
  t: TFunction;
  user: AdminUser;
  edits: LevelEdits;
  open: (user: AdminUser) => void;
}) {
  const { developer, own, busy, changed } = edits.rowState(user);
  return (
    <div className="admin-table__actions">
      <button type="button" className="button button--ghost" onClick={() => open(user)}>
        {t('adminUsers.open')}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={developer || own || busy || !changed}
        onClick={() => void edits.save(user)}
      >
        {busy ? t('adminUsers.saving') : t('adminUsers.save')}
      </button>
    </div>
  );
}
