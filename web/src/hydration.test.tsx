import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import type { InitialState } from './app/state';
import { ensureWebBuilt } from './build';
import type { RenderedPage } from './entry-server';
import { createI18n } from './i18n';
import { DIST_DIR } from './paths';
import { stubFetch } from './test/render';

const cases: [string, InitialState][] = [
  ['/', { user: null, language: 'en' }],
  ['/', { user: { id: 1, adminLevel: 0, username: 'Sakura' }, language: 'ru' }],
  ['/profile', { user: null, language: 'en' }],
  ['/trade', { user: { id: 1, adminLevel: 0, username: 'Sakura' }, language: 'en' }],
  ['/anime/5', { user: null, language: 'ru' }],
  ['/admin/users', { user: { id: 2, adminLevel: 1, username: 'Mod' }, language: 'ru' }],
  ['/admin', { user: { id: 3, adminLevel: 3, username: 'Boss' }, language: 'en' }],
  ['/characters', { user: { id: 1, adminLevel: 0, username: 'Sakura' }, language: 'en' }],
  ['/profile', { user: { id: 1, adminLevel: 0, username: 'Sakura' }, language: 'ru' }],
];

/**
 * Server-renders the cases with the built SSR bundle in a worker thread: React's server and
 * client renderers must not share one module instance (the server one leaves context values
 * behind, which a browser never sees).
 */
function renderOnServer(): Promise<RenderedPage[]> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.bundle).then(async ({ renderPage }) => {
      const pages = [];
      for (const [path, state] of workerData.cases) pages.push(await renderPage(path, state));
      parentPort.postMessage(pages);
    });`,
    {
      eval: true,
      workerData: { bundle: pathToFileURL(join(DIST_DIR, 'server', 'entry-server.js')).href, cases },
    },
  );
  return new Promise<RenderedPage[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

// The server's markup and the browser's first render must agree, or React discards the
// server HTML. Hydrate the server output and fail on any recoverable (mismatch) error.
describe('hydration of the server render', () => {
  let root: Root | undefined;
  let pages: RenderedPage[] = [];
  beforeAll(async () => {
    await ensureWebBuilt();
    pages = await renderOnServer();
  }, 60_000);
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it.each(cases.map((c, index) => [...c, index] as const))(
    '%s with %o hydrates without mismatches',
    async (path, state, index) => {
      stubFetch(() => new Promise(() => {}));
      const page = pages[index]!;
      const container = document.createElement('div');
      container.innerHTML = page.appHtml;
      document.body.append(container);
      const serverHtml = container.innerHTML;
      const onRecoverableError = vi.fn();
      const consoleError = vi.spyOn(console, 'error');

      await act(async () => {
        root = hydrateRoot(
          container,
          <AppProviders state={state} i18n={createI18n(state.language)}>
            <MemoryRouter initialEntries={[path]}>
              <App />
            </MemoryRouter>
          </AppProviders>,
          { onRecoverableError },
        );
      });
      // Lazy screens: until their chunk has run, the server's markup stays (no fallback flash).
      expect(container.innerHTML).toBe(serverHtml);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // let lazy chunks resolve

      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(serverHtml);
    },
  );
});
