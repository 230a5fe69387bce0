import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminSections, type SectionGroup } from './sections';

const groups: readonly SectionGroup[] = ['operations', 'catalogue'];

/** The admin sidebar: a section filter, a collapse toggle and the user's level name (requirements C, 3 §2). */
export function AdminSidebar({ current, levelName }: { current: string; levelName: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  const filterId = useId();
  const needle = filter.trim().toLocaleLowerCase();
  const visible = adminSections.filter(
    (s) =>
      !needle || t(`admin.sections.${s.id}`).toLocaleLowerCase().includes(needle) || s.id.includes(needle),
  );

  return (
    <nav
      className={`admin-sidebar${collapsed ? ' admin-sidebar--collapsed' : ''}`}
      aria-label={t('admin.sidebar')}
    >
      <div className="admin-sidebar__head">
        <button
          type="button"
          className="button button--ghost admin-sidebar__toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed((c) => !c)}
        >
          <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
          <span className="visually-hidden">{collapsed ? t('admin.expand') : t('admin.collapse')}</span>
        </button>
        {!collapsed && (
          <p className="admin-sidebar__level">
            {t('admin.yourLevel')}: <strong>{levelName}</strong>
          </p>
        )}
      </div>
      <div id={listId} hidden={collapsed}>
        <label htmlFor={filterId} className="visually-hidden">
          {t('admin.filterLabel')}
        </label>
        <input
          id={filterId}
          type="search"
          className="input admin-sidebar__filter"
          placeholder={t('admin.filterPlaceholder')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {visible.length === 0 && <p className="admin-sidebar__empty">{t('admin.filterEmpty')}</p>}
        {groups.map((group) => {
          const items = visible.filter((s) => s.group === group);
          if (items.length === 0) return null;
          return (
            <div key={group} className="admin-sidebar__group">
              <h2 className="admin-sidebar__group-title">{t(`admin.groups.${group}`)}</h2>
              <ul>
                {items.map((s) => (
                  <li key={s.id}>
                    <Link
                      to={`/admin?tab=${s.id}`}
                      className="admin-sidebar__link"
                      aria-current={s.id === current ? 'page' : undefined}
                    >
                      {t(`admin.sections.${s.id}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
