import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './api/query';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { firstCalls } from './app/first-calls';
import { lazyModuleFor } from './app/ScreenView';
import { screenAt, statusFor } from './app/screens';
import type { InitialState } from './app/state';
import { pageTitle } from './app/title';
import { bundledTranslations, createI18n, translationDiff } from './i18n';
import { TEXT_MODULES, textsFor } from './i18n/load';

export interface RenderedPage {
  status: number;
  title: string;
  /** The app's markup, to be placed in the root element. */
  appHtml: string;
  /** Source modules of lazy chunks this page uses (Vite manifest keys: its texts, its screen), to preload. */
  lazyModules: string[];
  /** API calls the page makes at once, to preload. */
  dataPreloads: string[];
}

/**
 * Renders one page to HTML. `prerender` (unlike renderToString) waits for lazy chunks such as
 * the admin area, so the document is complete. No data is fetched here: each request gets its own
 * query cache (api/query.ts), in which no query runs, so screens render their pending state and
 * load their data in the browser after hydration.
 */
export async function renderPage(
  path: string,
  state: InitialState,
  live?: Record<string, unknown> | null,
): Promise<RenderedPage> {
  // Only what differs from the bundle travels with the page (and is embedded for hydration).
  const translations = live ? translationDiff(bundledTranslations(state.language), live) : undefined;
  if (translations) state.translations = translations;
  else delete state.translations;
  const i18n = createI18n(state.language, state.translations);
  const address = new URL(path, 'http://page.invalid');
  const screen = screenAt(address.pathname, state.notFound ? address : null);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders state={state} i18n={i18n} queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const lazyModule = lazyModuleFor(screen, state.user);
  return {
    status: statusFor(screen, state.user),
    title: pageTitle(i18n.t, screen),
    appHtml: await new Response(prelude).text(),
    // The language file the browser hydrates with, then the screen's chunk.
    lazyModules: [TEXT_MODULES[textsFor(state.language)], ...(lazyModule ? [lazyModule] : [])],
    dataPreloads: firstCalls(screen, state.user, address.searchParams),
  };
}
