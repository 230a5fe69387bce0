import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { HomeScreen } from './HomeScreen';

/** Requirements M8. */
const STATS_ERROR_RU = 'Ошибка загрузки статистики';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const counters = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('HomeScreen', () => {
  it('shows the loading text until the stats arrive, then the three counters', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubFetch((url) =>
      String(url).startsWith('/api/news') ? Promise.resolve(jsonResponse([])) : answer.promise,
    );
    renderPage({}, <HomeScreen />);

    expect(screen.getByText('Loading statistics…')).toBeTruthy();
    // The latest news load alongside (HomeNews).
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/stats');

    answer.resolve(jsonResponse({ users: 1234, anime: 56, cards: 78901 }));
    await screen.findByText('1,234');
    expect(counters()).toEqual({ Users: '1,234', Anime: '56', Cards: '78,901' });
    expect(screen.queryByText('Loading statistics…')).toBeNull();
  });

  it('formats the counters for Russian readers', async () => {
    stubFetch(async () => jsonResponse({ users: 1234, anime: 2, cards: 3 }));
    renderPage({ language: 'ru' }, <HomeScreen />);
    await screen.findByText('Пользователи');
    expect(counters()).toEqual({ Пользователи: '1\u00a0234', Аниме: '2', Карточки: '3' });
  });

  it('welcomes a signed-in user by name with profile and logout links', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ user: user({ username: 'Sakura' }) }, <HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Sakura!');
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/auth/logout');
    expect(screen.queryByRole('link', { name: 'Log in with Discord' })).toBeNull();
  });

  it('welcomes a member by the display name Discord gives, else by username', () => {
    stubFetch(() => new Promise(() => {}));
    const { unmount } = renderPage(
      { user: user({ username: 'sakura_fan', displayName: 'Sakura 🌸' }) },
      <HomeScreen />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Sakura 🌸!');
    unmount();
    renderPage({ user: user({ username: 'sakura_fan', displayName: '  ' }) }, <HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, sakura_fan!');
  });

  it('welcomes a signed-out visitor as Guest with a login link', () => {
    stubFetch(() => new Promise(() => {}));
    const { container } = renderPage({ user: null }, <HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Guest!');
    expect(
      within(container)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/auth/discord']);
  });

  it('calls a signed-out visitor Гость in Russian', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage({ user: null, language: 'ru' }, <HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Добро пожаловать, Гость!');
  });

  it.each([
    ['a server error', async () => jsonResponse({ error: 'boom' }, 500)],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer of the wrong shape', async () => jsonResponse({ users: 'many' })],
  ])('shows the stats error on %s: the spec text in ru, English in en', async (_case, answer) => {
    for (const [language, message] of [
      ['ru', STATS_ERROR_RU],
      ['en', 'Could not load the statistics'],
    ] as const) {
      stubFetch((url) => (url === '/api/stats' ? answer() : Promise.resolve(jsonResponse({ cards: [] }))));
      const view = renderPage({ language }, <HomeScreen />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(`${message} ${language === 'en' ? 'Retry' : 'Повторить'}`);
      expect(
        screen.queryByText(language === 'en' ? 'Loading statistics…' : 'Загрузка статистики…'),
      ).toBeNull();
      view.unmount();
    }
  });

  it('loads the counters again from the error’s retry button, and shows them', async () => {
    let failing = true;
    const fetchMock = stubFetch(async (url) => {
      if (url.startsWith('/api/news')) return jsonResponse([]);
      if (url === '/api/cards/featured') return jsonResponse({ cards: [] });
      return failing
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse({ users: 5, anime: 6, cards: 7 });
    });
    renderPage({}, <HomeScreen />);
    await screen.findByRole('alert');
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('5');
    expect(counters()).toEqual({ Users: '5', Anime: '6', Cards: '7' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/stats')).toHaveLength(2);
  });
});
