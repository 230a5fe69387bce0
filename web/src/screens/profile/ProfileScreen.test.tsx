import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { COPIED_MS, FIRST_CARDS, ProfileScreen } from './ProfileScreen';

const me = {
  id: 7,
  username: 'sakura_fan',
  discriminator: '4242',
  discordId: '1187394520190640128',
  avatar: '3f9c1d2e',
  email: 'sakura@example.com',
  adminLevel: 2,
  shikimoriId: null,
  shikimoriNickname: null,
  shikimoriAvatar: null,
  language: 'en',
  level: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const entry = (n: number, character = `Hero ${n}`, rank = 'E') => ({
  id: n,
  cardId: 100 + n,
  limited: n % 5 === 0,
  obtainedAt: '2026-11-01T10:00:00Z',
  quantity: n === 3 ? 2 : 1,
  printNumbers: n === 3 ? [4, 9] : [n],
  character,
  rank,
  Card: {
    id: 100 + n,
    imageUrl: null,
    Character: { id: n, name: character },
    Rank: { code: rank, color: rank === 'SSS' ? '#ffd700' : '#9e9e9e', title: 'Common' },
  },
});
const inventory = [
  ...Array.from({ length: 14 }, (_, i) => entry(i + 1)),
  entry(15, 'Frieren', 'SSS'),
  entry(16, 'Fern', 'SSS'),
];

function api(over: Record<string, () => Promise<Response>> = {}) {
  return stubFetch(async (url) => {
    if (over[url]) return over[url]();
    if (url === '/api/me') return jsonResponse({ user: me, language: 'en' });
    if (url === '/api/inventory/my') return jsonResponse(inventory);
    if (url === '/api/inventory/stats')
      return jsonResponse({
        total_cards: 17,
        limited_cards: 3,
        common_cards: 14,
        unique_characters: 16,
        by_rank: [
          { code: 'E', title: 'Common', color: '#9e9e9e', count: 15 },
          { code: 'SSS', title: 'Celestial', color: '#ffd700', count: 2 },
        ],
        by_anime: [
          { animeId: 1, cards: 2 },
          { animeId: 2, cards: 3 },
        ],
      });
    if (url === '/api/ranks')
      return jsonResponse([
        { id: 1, code: 'E', title: 'Common', color: '#9e9e9e', imageUrl: null, threshold: 0, sortOrder: 0 },
        {
          id: 8,
          code: 'SSS',
          title: 'Celestial',
          color: '#ffd700',
          imageUrl: null,
          threshold: 96,
          sortOrder: 7,
        },
      ]);
    if (url === '/api/anime')
      return jsonResponse([
        { id: 1, title: 'Frieren', titles: { ru: 'Провожающая в последний путь Фрирен' }, cardCount: 8 },
        { id: 2, title: 'Cowboy Bebop', titles: { ru: 'Ковбой Бибоп' }, cardCount: 4 },
      ]);
    if (url === '/api/inventory/visibility') return jsonResponse({ hidden: false });
    return jsonResponse({ error: 'not found' }, 404);
  });
}

/** The value next to a label in the header's facts. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const cards = () => [...document.querySelectorAll<HTMLElement>('.profile__cards .profile-card')];

afterEach(() => vi.useRealTimers());

describe('ProfileScreen: header', () => {
  it('shows avatar, name, discriminator, Discord ID, e-mail, level name, the connect link and logout', async () => {
    const mock = api();
    renderPage({ user: user() }, <ProfileScreen />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('sakura_fan#4242');
    expect(mock.mock.calls.map(([u]) => String(u))).toContain('/api/me');
    // The Discord avatar from the id and hash, through our proxy.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Avatar of sakura_fan' }).getAttribute('src')).toBe(
        '/api/proxy/discord/avatars/1187394520190640128/3f9c1d2e.png',
      ),
    );
    expect(within(fact('Discord ID')).getByRole('button').textContent).toBe('1187394520190640128');
    expect(fact('E-mail').textContent).toBe('sakura@example.com');
    expect(fact('Level').textContent).toBe('Moderator');
    expect(within(fact('Shikimori')).getByRole('link').getAttribute('href')).toBe('/auth/shikimori');
    expect(screen.getByRole('link', { name: 'Connect your Shikimori account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/auth/logout');
  });

  it('shows a linked Shikimori account, leaves out a missing e-mail and a "0" discriminator', async () => {
    api({
      '/api/me': async () =>
        jsonResponse({
          user: {
            ...me,
            discriminator: '0',
            avatar: null,
            email: null,
            adminLevel: 0,
            shikimoriId: 4242,
            shikimoriNickname: 'frieren_fan',
            shikimoriAvatar: 'https://shikimori.one/system/users/x48/4242.png?1700000000',
          },
          language: 'en',
        }),
    });
    renderPage({ user: user() }, <ProfileScreen />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('sakura_fan');
    expect(screen.queryByText('E-mail')).toBeNull();
    expect(fact('Level').textContent).toBe('User');
    const shikimori = fact('Shikimori');
    expect(within(shikimori).getByRole('link', { name: 'frieren_fan' }).getAttribute('href')).toBe(
      'https://shikimori.one/frieren_fan',
    );
    expect(within(shikimori).getByText('ID 4242')).toBeTruthy();
    await waitFor(() =>
      expect(shikimori.querySelector('img')?.getAttribute('src')).toBe(
        '/api/proxy/shikimori/system/users/x48/4242.png?1700000000',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Connect your Shikimori account' })).toBeNull();
    // No Discord avatar hash: a generated one.
    expect(screen.getByRole('img', { name: 'Avatar of sakura_fan' }).getAttribute('src')).toMatch(
      /^data:image\/svg/,
    );
  });

  it('copies the Discord ID on click and shows the copied marker for 1.2 s', async () => {
    api();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage({ user: user() }, <ProfileScreen />);
    const copy = await screen.findByRole('button', { name: 'Copy Discord ID 1187394520190640128' });
    vi.useFakeTimers();
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith('1187394520190640128');
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    await act(() => vi.advanceTimersByTimeAsync(COPIED_MS - 1));
    expect(screen.queryByText('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Copied!')).toBeNull();

    // A second copy restarts the 1.2 s.
    await act(async () => fireEvent.click(copy));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(async () => fireEvent.click(copy));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it('shows the marker even when the clipboard refuses', async () => {
    api();
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    renderPage({ user: user() }, <ProfileScreen />);
    const copy = await screen.findByRole('button', { name: /^Copy Discord ID/ });
    await act(async () => fireEvent.click(copy));
    expect(screen.getByText('Copied!')).toBeTruthy();
  });

  it('says so when the profile does not load', async () => {
    api({ '/api/me': async () => jsonResponse({ user: null, language: 'en' }) });
    renderPage({ user: user() }, <ProfileScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your profile. Retry');
  });
});

describe('ProfileScreen: cards', () => {
  it('shows the first 12 cards with image, label, name and date, then all with show all (N)', async () => {
    api();
    renderPage({ user: user() }, <ProfileScreen />);
    await screen.findByRole('button', { name: 'Show all (16)' });
    expect(cards()).toHaveLength(FIRST_CARDS);
    const first = cards()[0]!;
    const img = first.querySelector('img')!;
    // The card image alone (rank, limited star, name and print are drawn on it), this copy's
    // print, in the page's language, 1× and 2× for the browser to choose.
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      '/api/cards/101/image?print=1&lang=en&w=360',
      '144',
      '216',
    ]);
    expect(img.getAttribute('srcset')).toBe(
      '/api/cards/101/image?print=1&lang=en&w=180 180w, /api/cards/101/image?print=1&lang=en&w=360 360w',
    );
    expect(first.querySelector('.badge, .rank-code, .card-frame')).toBeNull();
    expect(within(first).getByText('Hero 1')).toBeTruthy();
    expect(within(first).getByText('Print #1')).toBeTruthy();
    // The site's one date style: month, day, year and the time (issue 22 item 5).
    const obtained = first.querySelector('time')!;
    expect(obtained.getAttribute('datetime')).toBe('2026-11-01T10:00:00Z');
    expect(obtained.textContent).toMatch(/^Nov 1, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(cards()[2]!.textContent).toContain('×2');
    expect(within(cards()[2]!).getByText('Prints #4, #9')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show all (16)' }));
    expect(cards()).toHaveLength(16);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('searches by character name or rank code, with show all counting the matches', async () => {
    api();
    renderPage({ user: user() }, <ProfileScreen />);
    const search = await screen.findByRole('searchbox', { name: 'Search by character name or rank code' });
    fireEvent.change(search, { target: { value: 'sss' } });
    expect(cards().map((c) => c.querySelector('.card-frame__open')?.textContent)).toEqual([
      'Frieren',
      'Fern',
    ]);
    expect(cards()[0]!.dataset.rank).toBe('SSS');
    fireEvent.change(search, { target: { value: '  FRIE ' } });
    expect(cards()).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'hero' } });
    expect(cards()).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Show all (14)' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No cards match your search.')).toBeTruthy();
  });

  it('suggests the /card command when there are no cards', async () => {
    api({ '/api/inventory/my': async () => jsonResponse([]) });
    renderPage({ user: user() }, <ProfileScreen />);
    expect(await screen.findByText(/Use the \/card command/)).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('speaks Russian, with a localised date', async () => {
    api();
    renderPage({ user: user(), language: 'ru' }, <ProfileScreen />);
    await screen.findByRole('button', { name: 'Показать все (16)' });
    expect(cards()[0]!.querySelector('time')?.textContent).toMatch(/^1 нояб\. 2026 г\., \d{2}:\d{2}$/);
    expect(within(cards()[0]!).getByText('Экземпляр № 1')).toBeTruthy();
    expect(cards()[0]!.querySelector('img')?.getAttribute('src')).toBe(
      '/api/cards/101/image?print=1&lang=ru&w=360',
    );
    expect(fact('Уровень').textContent).toBe('Модератор');
    expect(screen.getByRole('tab', { name: 'Статистика' })).toBeTruthy();
  });
});

describe('ProfileScreen: search in any script', () => {
  it('finds a card by its character’s Russian or Japanese name, any case', async () => {
    const gilbert = {
      ...entry(20, 'Gilbert Bougainvillea', 'B'),
      Card: {
        ...entry(20, 'Gilbert Bougainvillea', 'B').Card,
        Character: {
          id: 20,
          name: 'Gilbert Bougainvillea',
          names: ['Gilbert Bougainvillea', 'Гилберт', 'ギルベルト'],
        },
      },
    };
    const dimple = {
      ...entry(21, 'Dimple', 'D'),
      Card: {
        ...entry(21, 'Dimple', 'D').Card,
        Character: { id: 21, name: 'Dimple', names: ['Dimple', 'Димпл', 'エクボ'] },
      },
    };
    api({ '/api/inventory/my': async () => jsonResponse([gilbert, dimple, ...inventory]) });
    renderPage({ user: user() }, <ProfileScreen />);
    const box = await screen.findByRole('searchbox', { name: 'Search by character name or rank code' });
    const shownNames = () => cards().map((c) => c.querySelector('.card-frame__open')?.textContent);
    fireEvent.change(box, { target: { value: 'ДИМ' } });
    expect(shownNames()).toEqual(['Dimple']);
    fireEvent.change(box, { target: { value: 'ギルベルト' } });
    expect(shownNames()).toEqual(['Gilbert Bougainvillea']);
    fireEvent.change(box, { target: { value: 'sss' } });
    expect(shownNames()).toEqual(['Frieren', 'Fern']);
  });
});

describe('ProfileScreen: stats', () => {
  it('shows total, limited, regular and unique characters', async () => {
    const mock = api();
    renderPage({ user: user() }, <ProfileScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    const panel = screen.getByRole('tabpanel', { name: 'Statistics' });
    await within(panel).findByText('Total cards');
    const pairs = [...panel.querySelectorAll('.counter')].map((c) => [
      c.querySelector('dt')?.textContent,
      c.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Total cards', '17'],
      ['Limited', '3'],
      ['Regular', '14'],
      ['Unique characters', '16'],
    ]);
    expect(mock.mock.calls.map(([u]) => String(u))).toContain('/api/inventory/stats');
  });

  it('draws the cards by rank (highest first) and a completion bar per anime, in the page’s language', async () => {
    api();
    renderPage({ user: user(), language: 'ru' }, <ProfileScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Статистика' }));
    const panel = screen.getByRole('tabpanel', { name: 'Статистика' });
    const legend = await within(panel).findByRole('heading', { name: 'Карты по рангам' });
    await waitFor(() =>
      expect(
        [...(legend.parentElement as HTMLElement).querySelectorAll('.collection-charts__legend li')].map(
          (li) => li.textContent,
        ),
      ).toEqual(['SSS 2', 'E 15']),
    );
    // Most complete first: Bebop 3 of 4 (75 %), then Frieren 2 of 8 (25 %).
    await within(panel).findByRole('heading', { name: 'Собрано по аниме' });
    const bars = [...panel.querySelectorAll('.completion__row')].map((r) => [
      r.querySelector('.completion__title')?.textContent,
      r.querySelector('.completion__figures')?.textContent,
      (r.querySelector('progress') as HTMLProgressElement).value,
    ]);
    expect(bars).toEqual([
      ['Ковбой Бибоп', '3 из 4 · 75%', 3],
      ['Провожающая в последний путь Фрирен', '2 из 8 · 25%', 2],
    ]);
  });

  it('says when the stats failed', async () => {
    api({ '/api/inventory/stats': async () => jsonResponse({ error: 'down' }, 503) });
    renderPage({ user: user() }, <ProfileScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your statistics. Retry');
  });

  it('reaches the stats tab from the keyboard', async () => {
    api();
    renderPage({ user: user() }, <ProfileScreen />);
    const cardsTab = await screen.findByRole('tab', { name: 'Cards' });
    expect(cardsTab.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Statistics' }).tabIndex).toBe(-1);
    fireEvent.keyDown(cardsTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Statistics' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Statistics' }));
    // The wishlist is the last tab; past it, the cards again.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Wishlist' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cardsTab);
  });
});

describe('ProfileScreen: the collection setting', () => {
  it('links to my collector page and hides my collection when I tick the box', async () => {
    let hidden = false;
    const put = vi.fn((init?: RequestInit) => {
      hidden = JSON.parse(String(init?.body)).hidden;
      return jsonResponse({ hidden });
    });
    api({ '/api/inventory/visibility': async () => jsonResponse({ hidden }) });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' && String(input) === '/api/inventory/visibility'
        ? put(init)
        : answer(input, init),
    );
    renderPage({ user: user() }, <ProfileScreen />);
    expect((await screen.findByRole('link', { name: 'My collector page' })).getAttribute('href')).toBe(
      '/u/7',
    );
    const box = screen.getByRole('checkbox', {
      name: 'Hide my collection from other fans',
    }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(box.checked).toBe(true));
  });
});

describe('ProfileScreen: the wishlist', () => {
  const wishlist = (dm: boolean) => ({
    items: [
      {
        characterId: 15,
        name: 'Frieren',
        imageUrl: null,
        animeTitle: 'Frieren: Beyond Journey’s End',
        addedAt: '2026-11-01T10:00:00Z',
        cardId: 115,
      },
    ],
    limit: 25,
    dm,
  });

  it('shows my wished characters with the count, removes one and mutes the Discord messages', async () => {
    let dm = true;
    let removed = false;
    api({
      '/api/wishlist': async () => jsonResponse(removed ? { ...wishlist(dm), items: [] } : wishlist(dm)),
    });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    const writes: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'DELETE' && url === '/api/wishlist/15') {
        writes.push('delete');
        removed = true;
        return jsonResponse({ removed: true });
      }
      if (init?.method === 'PUT' && url === '/api/wishlist/settings') {
        dm = JSON.parse(String(init.body)).dm;
        writes.push(`dm=${dm}`);
        return jsonResponse({ dm });
      }
      return answer(input, init);
    });
    renderPage({ user: user(), path: '/profile?tab=wishlist' }, <ProfileScreen />);
    await screen.findByText('Frieren', { selector: '.wish-tile__name' });
    expect(screen.getByText('1 of 25 characters')).toBeTruthy();
    expect(screen.getByText('Frieren: Beyond Journey’s End')).toBeTruthy();
    const box = screen.getByRole('checkbox', { name: /Also tell me in Discord/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    fireEvent.click(await screen.findByRole('button', { name: /^Remove\s*Frieren$/ }));
    await screen.findByText(/Your wishlist is empty/);
    expect(writes).toEqual(['dm=false', 'delete']);
  });
});
