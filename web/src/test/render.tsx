import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/App';
import { AppProviders } from '../app/AppProviders';
import type { InitialState, PageUser } from '../app/state';
import { createI18n, type Language } from '../i18n';

export interface PageOptions {
  path?: string;
  user?: PageUser | null;
  language?: Language;
  /** Languages added in the admin area (the page state's `languages`). */
  languages?: Language[];
  /** Live translations of the page's language that differ from the bundled file. */
  translations?: Record<string, unknown>;
  /** The card bot's invite link (the page state's `botInvite`). */
  botInvite?: string;
}

/** Renders `children` (default: the whole app) as the browser would, at `path`. */
export function renderPage(
  { path = '/', user = null, language = 'en', languages, translations, botInvite }: PageOptions = {},
  children?: ReactNode,
) {
  const state: InitialState = {
    user,
    language,
    ...(languages ? { languages } : {}),
    ...(botInvite ? { botInvite } : {}),
  };
  return render(
    <AppProviders state={state} i18n={createI18n(language, translations)}>
      <MemoryRouter initialEntries={[path]}>{children ?? <App />}</MemoryRouter>
    </AppProviders>,
  );
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Replaces the browser's fetch (not our code) with a mock answering `answer(url, init)`. */
export function stubFetch(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const user = (overrides: Partial<PageUser> = {}): PageUser => ({
  id: 7,
  adminLevel: 0,
  username: 'Sakura',
  ...overrides,
});
