import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NavBar } from '../layout/NavBar';
import { SignInBanner } from '../layout/SignInBanner';
import { SkipLink } from '../layout/SkipLink';
import { LiveNotices } from '../live/LiveNotices';
import { ScreenView } from './ScreenView';
import { screenAt } from './screens';
import { useSession } from './session';
import { pageTitle } from './title';

/** The page: skip link, navigation, and the screen the path chooses (requirements M2). */
export function App() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { notFound } = useSession();
  // The address the page was loaded with: the gateway's not-found verdict is about it alone.
  const [loadedAt] = useState(pathname);
  const screen = screenAt(pathname, notFound ? { pathname: loadedAt } : null);
  const title = pageTitle(t, screen);

  // The server writes the first title; client-side navigation keeps it in step.
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <SkipLink />
      <NavBar />
      <SignInBanner />
      <LiveNotices />
      <main id="main" className="page" tabIndex={-1}>
        <ScreenView screen={screen} />
      </main>
    </>
  );
}
