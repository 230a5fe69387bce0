import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { AppProviders } from '../../app/AppProviders';
import { createI18n } from '../../i18n';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';

const frieren = {
  id: '52991',
  title: 'Sousou no Frieren',
  englishTitle: 'Frieren: Beyond Journey’s End',
  image: null,
  rating: 9.1,
  episodes: 28,
  status: 'released',
  url: 'https://shikimori.one/animes/52991',
  description: 'An elf mage.',
  genres: ['Adventure', 'Drama'],
  source: 'shikimori',
};
const status = (shikimori: boolean, anilist: boolean) => ({
  services: { shikimori: { available: shikimori }, anilist: { available: anilist } },
});

afterEach(() => vi.unstubAllGlobals());

describe('/anime', () => {
  it('shows the hint, keeps a blank query from being submitted, and searches from the URL', async () => {
    const fetchMock = stubFetch(async (url) => {
      if (url === '/api/status') return jsonResponse(status(true, true));
      if (url.startsWith('/api/anime/search')) return jsonResponse({ results: [frieren], unavailable: [] });
      throw new Error(url);
    });
    renderPage({ path: '/anime' });
    expect(await screen.findByText('Enter a query to search for anime.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: ' Frieren ' } });
    fireEvent.click(button);
    const tile = await screen.findByRole('link', { name: /Sousou no Frieren/ });
    expect(tile.getAttribute('href')).toBe('/anime/52991');
    expect(within(tile).getByText('Frieren: Beyond Journey’s End')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/anime/search?q=Frieren');
  });

  it('warns in Russian when a source is down, and shows the server’s error text', async () => {
    stubFetch(async (url) => {
      if (url === '/api/status') return jsonResponse(status(false, true));
      return jsonResponse({ error: 'Сервис недоступен', code: 'service_unavailable' }, 503);
    });
    renderPage({ path: '/anime?q=Frieren', language: 'ru' });
    expect((await screen.findByRole('alert')).textContent).toBe('Сервис недоступен Повторить');
    expect((await screen.findByText(/Сейчас не отвечает: Shikimori/)).className).toContain('notice--warning');
  });

  it('gives the connection-error message when the request fails', async () => {
    stubFetch(async (url) => {
      if (url === '/api/status') return jsonResponse(status(true, true));
      throw new TypeError('Failed to fetch');
    });
    renderPage({ path: '/anime?q=Frieren', language: 'ru' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ошибка соединения. Проверьте подключение и попробуйте ещё раз. Повторить',
    );
  });
});

describe('/anime/{animeId}', () => {
  it('shows the info tab, then the cards tab with progress and collected cards named', async () => {
    stubFetch(async (url) => {
      if (url.endsWith('/details')) return jsonResponse(frieren);
      if (url.endsWith('/cards'))
        return jsonResponse({
          cards: [
            {
              id: 1,
              collected: true,
              characterName: 'Frieren',
              rank: 'S',
              Rank: { code: 'S', color: '#f44336' },
            },
            {
              id: 2,
              collected: false,
              characterName: 'Fern',
              rank: 'A',
              Rank: { code: 'A', color: '#9c27b0' },
            },
          ],
          userProgress: { total: 2, collected: 1 },
        });
      throw new Error(url);
    });
    renderPage({ path: '/anime/52991', user: user() });
    expect(await screen.findByText('Open on Shikimori')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to search/ }).getAttribute('href')).toBe('/anime');
    const cardsTab = await screen.findByRole('tab', { name: 'Cards (1/2)' });
    fireEvent.click(cardsTab);
    expect(screen.getByText('Collected 1 of 2 (50%)')).toBeTruthy();
    expect(screen.getByText('Frieren')).toBeTruthy();
    expect(screen.queryByText('Fern')).toBeNull();
  });

  it('opens the tab the address names (?tab=cards)', async () => {
    stubFetch(async (url) => {
      if (url.endsWith('/details')) return jsonResponse(frieren);
      if (url.endsWith('/cards'))
        return jsonResponse({ cards: [], userProgress: { total: 3, collected: 0 } });
      throw new Error(url);
    });
    renderPage({ path: '/anime/52991?tab=cards', user: user() });
    const tab = await screen.findByRole('tab', { name: 'Cards (0/3)' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Collected 0 of 3 (0%)')).toBeTruthy();
  });

  it('shows the not-found page in the page language, without tabs, for an anime that does not exist', async () => {
    stubFetch(async (url) => {
      if (url.endsWith('/details')) return jsonResponse({ error: 'Anime not found on Shikimori' }, 404);
      if (url.endsWith('/cards')) return jsonResponse({ error: 'Anime not found in the catalogue' }, 404);
      throw new Error(url);
    });
    renderPage({ path: '/anime/99999999', language: 'ru' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 — Не найдено' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText(/Anime not found/)).toBeNull();
  });

  it('shows the not-found page when the gateway found the id unknown, and the path decides again after a navigation', async () => {
    stubFetch(async (url) => {
      if (url === '/api/stats') return jsonResponse({ users: 1, anime: 2, cards: 3 });
      return jsonResponse([]);
    });
    render(
      <AppProviders state={{ user: null, language: 'en', notFound: true }} i18n={createI18n('en')}>
        <MemoryRouter initialEntries={['/u/99999']}>
          <App />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '404 — Not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeTruthy();
  });
});
