import type { ParseKeys } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../app/session';
import { useLoginHref } from '../app/sign-in';
import type { PageUser } from '../app/state';
import { usePendingIncoming } from '../live/usePendingIncoming';
import { LanguageSelect } from './LanguageSelect';

interface NavItem {
  to: string;
  label: ParseKeys;
}

/** Links by sign-in state and admin level (requirements M2 "Navigation bar"). */
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

/**
 * The site header. Wide screens show brand, links and tools on one row. Below 56rem the links
 * and tools fold into a disclosure behind a menu button (aria-expanded/aria-controls), so the
 * header is one compact row; Escape or a click outside closes it and a navigation closes it too.
 */
export function NavBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const loginHref = useLoginHref();
  const { pathname } = useLocation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const pendingOffers = usePendingIncoming();
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A new page closes the menu (the link was the reason it was open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!header.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header className="site-header" ref={header}>
      <nav className="nav" aria-label={t('nav.label')}>
        <span className="nav__brand">{t('app.name')}</span>
        <button
          ref={button}
          type="button"
          className="nav__menu"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="nav__menu-icon" aria-hidden="true" />
          {t('nav.menu')}
          {pendingOffers > 0 && (
            <span className="nav__badge nav__badge--menu">
              <span aria-hidden="true">{pendingOffers}</span>
              <span className="visually-hidden">{t('trade.pendingBadge', { count: pendingOffers })}</span>
            </span>
          )}
        </button>
        <div id={panelId} className="nav__panel" data-open={open || undefined}>
          <ul className="nav__links">
            {navItems(user).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className="nav__link">
                  {t(item.label)}
                  {item.to === '/trade' && pendingOffers > 0 && (
                    <span className="nav__badge" data-testid="trade-badge">
                      <span aria-hidden="true">{pendingOffers}</span>
                      <span className="visually-hidden">
                        {t('trade.pendingBadge', { count: pendingOffers })}
                      </span>
                    </span>
                  )}
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
        </div>
      </nav>
    </header>
  );
}
