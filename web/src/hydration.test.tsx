import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { act, fireEvent } from '@testing-library/react';
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
function renderOnServer(cases: [string, InitialState][]): Promise<RenderedPage[]> {
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

/** Elements of the server markup React has not taken over yet (no fiber attached). */
const unhydrated = (container: HTMLElement) =>
  [...container.querySelectorAll('*')].filter(
    (el) => !Object.keys(el).some((k) => k.startsWith('__reactFiber')),
  );

/**
 * Waits until React owns every element of the server markup: the lazy screens' chunks have run
 * and their part of the page is hydrated too (until then React leaves it as the server sent it).
 */
async function untilHydrated(container: HTMLElement): Promise<void> {
  await vi.waitFor(
    async () => {
      await act(async () => {});
      expect(unhydrated(container)).toEqual([]);
    },
    { timeout: 20_000, interval: 10 },
  );
}

// The server's markup and the browser's first render must agree, or React discards the
// server HTML. Hydrate the server output and fail on any recoverable (mismatch) error.
describe('hydration of the server render', () => {
  let root: Root | undefined;
  let pages: RenderedPage[] = [];
  beforeAll(async () => {
    await ensureWebBuilt();
    pages = await renderOnServer(cases);
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
      await untilHydrated(container);

      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(serverHtml);
    },
  );
});

// Text typed before the script has run must not be lost, and the search must work without it.
describe('the anime search before and after hydration', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('is a plain GET form in the server markup and keeps what was typed before hydration', async () => {
    await ensureWebBuilt();
    const state: InitialState = { user: null, language: 'en' };
    const [page] = await renderOnServer([['/anime', state]]);
    stubFetch(() => new Promise(() => {}));
    const container = document.createElement('div');
    container.innerHTML = page!.appHtml;
    document.body.append(container);

    const form = container.querySelector('form.anime-search__form')!;
    expect(form.getAttribute('action')).toBe('/anime');
    expect(form.getAttribute('method')).toBe('get');
    const box = container.querySelector<HTMLInputElement>('#anime-query')!;
    expect(box.name).toBe('q');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.disabled).toBe(false); // before the script, submitting navigates to /anime?q=
    box.value = 'Steins'; // typed before hydration

    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders state={state} i18n={createI18n(state.language)}>
          <MemoryRouter initialEntries={['/anime']}>
            <App />
          </MemoryRouter>
        </AppProviders>,
        { onRecoverableError },
      );
    });
    // The screen is a lazy chunk: wait until React owns the page, the box with its props too.
    await untilHydrated(container);
    const owned = () =>
      Object.keys(container.querySelector('#anime-query') ?? {}).some((k) => k.startsWith('__reactProps'));
    expect(owned()).toBe(true);
    const hydratedBox = container.querySelector<HTMLInputElement>('#anime-query')!;
    const hydratedButton = container.querySelector<HTMLButtonElement>('form.anime-search__form button')!;
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(hydratedBox.value).toBe('Steins');
    expect(hydratedButton.disabled).toBe(false);

    fireEvent.change(hydratedBox, { target: { value: '  ' } });
    expect(hydratedButton.disabled).toBe(true); // blank cannot be submitted once interactive
  }, 60_000);
});
