import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../app/session';
import { useLoginHref } from '../app/sign-in';
import type { PageUser } from '../app/state';
import { LanguageSelect } from './LanguageSelect';

interface NavItem {
  to: string;
  label: ParseKeys;
}

/** Links by sign-in state and admin level (spec 1 §2 "Navigation bar"). */
export function navItems(user: PageUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'nav.home' },
    { to: '/anime', label: 'nav.anime' },
  ];
  if (user) {
    items.push(
      { to: '/characters', label: 'nav.characters' },
      { to: '/profile', label: 'nav.profile' },
      { to: '/trade', label: 'nav.trade' },
    );
    if (user.adminLevel > 0) items.push({ to: '/admin', label: 'nav.admin' });
  }
  return items;
}

export function NavBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const loginHref = useLoginHref();
  return (
    <header className="site-header">
      <nav className="nav" aria-label={t('nav.label')}>
        <span className="nav__brand">{t('app.name')}</span>
        <ul className="nav__links">
          {navItems(user).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className="nav__link">
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="nav__tools">
          <LanguageSelect />
          {/* Sign-in and sign-out are full-page navigations handled by the auth service. */}
          {user ? (
            <a className="button button--ghost" href="/auth/logout">
              {t('nav.logout')}
            </a>
          ) : (
            <a className="button button--primary" href={loginHref}>
              {t('nav.login')}
            </a>
          )}
        </div>
      </nav>
    </header>
  );
}
