import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { CharactersScreen } from './CharactersScreen';
import { RELOAD_DELAY_MS } from './useCharacters';

const ranks = [
  { id: 1, code: 'E', title: 'Common', color: '#9e9e9e', imageUrl: null, threshold: 0, sortOrder: 0 },
  { id: 6, code: 'S', title: 'Mythic', color: '#f44336', imageUrl: null, threshold: 50, sortOrder: 5 },
];
const card = (id: number, code: string, limited = false) => ({
  id,
  imageUrl: null,
  limited,
  seasonId: null,
  Rank: {
    code,
    title: code === 'S' ? 'Mythic' : 'Common',
    color: code === 'S' ? '#f44336' : '#9e9e9e',
    imageUrl: null,
  },
});
const character = (id: number, name: string, code = 'S', extra: object = {}) => ({
  id,
  name,
  altname: `${name} alt`,
  description: `About ${name}`,
  imageUrl: null,
  shikimoriId: null,
  anilistId: null,
  Cards: [card(id * 10, code, id === 1)],
  ...extra,
});
const frieren = character(1, 'Frieren', 'S', {
  shikimoriId: 184947,
  Cards: [card(10, 'S', true), card(11, 'E')],
});
const stark = character(2, 'Stark', 'E', { anilistId: 246 });

type Route = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A fake API (the browser's fetch, not our code). `routes` override paths: a key matches its
 * exact URL, or every URL it starts with when it ends in '*'.
 */
function api(routes: Record<string, Route> = {}) {
  const matches = (key: string, url: string) =>
    key.endsWith('*') ? url.startsWith(key.slice(0, -1)) : url === key;
  return stubFetch(async (url, init) => {
    for (const [key, answer] of Object.entries(routes)) if (matches(key, url)) return answer(url, init);
    if (url === '/api/ranks') return jsonResponse(ranks);
    if (url === '/api/anime') return jsonResponse([{ id: 3, title: 'Sousou no Frieren' }]);
    if (url.startsWith('/api/characters')) {
      const list = url.includes('rank_code=E') || url.includes('anime_id=3') ? [stark] : [frieren, stark];
      return new Response(JSON.stringify(list), { headers: { 'x-total-count': String(list.length) } });
    }
    if (url.endsWith('/likes')) return jsonResponse({ likes: 4, liked: false, printed: 12 });
    if (url.endsWith('/like')) return jsonResponse({ success: true, likes: 5 });
    if (url.startsWith('/api/inventory?card_id=10'))
      return jsonResponse([
        { id: 5, user_id: 5, username: '', avatar: null, discordId: '15', quantity: 1 },
        { id: 7, user_id: 7, username: 'sakura_fan', avatar: 'abc123', discordId: '1187', quantity: 2 },
      ]);
    if (url.startsWith('/api/inventory?card_id=')) return jsonResponse([]);
    return jsonResponse({ error: 'not found' }, 404);
  });
}

const characterCalls = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.filter(([u]) => String(u).startsWith('/api/characters'));
const tiles = () => document.querySelectorAll('.character-tile');
const tile = async (name: string) => (await screen.findByText(name)).closest('button')!;

/** A response the test releases later, to hold a request in flight. */
function deferred() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** fetch that honours the abort signal, as the browser's does. */
const abortable = (answer: Promise<Response>, init?: RequestInit) =>
  new Promise<Response>((resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    answer.then(resolve, reject);
  });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

async function openPage(language: 'en' | 'ru' = 'en') {
  const view = renderPage({ user: user(), language }, <CharactersScreen />);
  await screen.findByText('Frieren');
  return view;
}

describe('CharactersScreen: list and filters', () => {
  it('loads the first page at once and shows each tile as its first card’s image alone', async () => {
    const mock = api();
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Characters' })).toBeTruthy();
    expect(String(characterCalls(mock)[0]![0])).toBe('/api/characters?limit=60');
    const frierenTile = await tile('Frieren');
    // The rank is drawn on the card image: no badge of the page's own over it.
    expect(frierenTile.querySelector('.character-tile__rank, .rank-code, .badge')).toBeNull();
    expect(frierenTile.dataset.rank).toBe('S');
    expect(within(frierenTile).getByText('Frieren alt')).toBeTruthy();
    // The first row's pictures are in the markup, in the page's language, 1× and 2× to choose from.
    const img = frierenTile.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/cards/10/image?lang=en&w=360');
    expect(img.getAttribute('srcset')).toBe(
      '/api/cards/10/image?lang=en&w=180 180w, /api/cards/10/image?lang=en&w=360 360w',
    );
    expect(screen.getByText('2 characters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });

  it('offers all plus one button per rank (aria-pressed) and the anime list with a placeholder', async () => {
    api();
    await openPage();
    const all = screen.getByRole('button', { name: 'All' });
    const s = await screen.findByRole('button', { name: 'S' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(s.getAttribute('aria-pressed')).toBe('false');
    expect(s.style.getPropertyValue('--rank-color')).toBe('#f44336');
    const select = screen.getByRole('combobox', { name: 'Anime' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect([...select.options].map((o) => o.text)).toEqual(['All anime', 'Sousou no Frieren']);
    fireEvent.click(s);
    expect(s.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
  });

  it('reloads 250 ms after the last filter change, so quick clicks ask once', async () => {
    const mock = api();
    await openPage();
    const e = await screen.findByRole('button', { name: 'E' });
    // Exact time from here: the clock moves only when the test says so.
    vi.useRealTimers();
    vi.useFakeTimers();
    const before = characterCalls(mock).length;
    fireEvent.click(e);
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1));
    expect(characterCalls(mock)).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(characterCalls(mock)).toHaveLength(before + 1);
    expect(String(characterCalls(mock).at(-1)![0])).toBe('/api/characters?limit=60&rank_code=S');
  });

  it('cancels the request in flight when a filter changes and ignores its late answer', async () => {
    const slow = deferred();
    const mock = api({
      '/api/characters?limit=60&rank_code=E': (_url, init) => abortable(slow.promise, init),
    });
    await openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'E' }));
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS));
    const eCall = characterCalls(mock).at(-1)!;
    expect(String(eCall[0])).toContain('rank_code=E');
    expect(eCall[1]?.signal?.aborted).toBe(false);

    // Back to all ranks: the E request is cancelled at once, before the new one starts.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(eCall[1]?.signal?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    // The cancelled answer arrives late: ignored, no error box, the list stays.
    slow.release(jsonResponse([stark]));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(tiles()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by anime, shows reset only while a filter is active, and reset clears both', async () => {
    const mock = api();
    await openPage();
    const select = screen.getByRole('combobox', { name: 'Anime' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    fireEvent.change(select, { target: { value: '3' } });
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS));
    expect(String(characterCalls(mock).at(-1)![0])).toBe('/api/characters?limit=60&anime_id=3&rank_code=S');

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
    expect(select.value).toBe('');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS));
    expect(String(characterCalls(mock).at(-1)![0])).toBe('/api/characters?limit=60');
    await waitFor(() => expect(tiles()).toHaveLength(2));
  });

  it('switches the frame style with the new frames toggle without asking the server again', async () => {
    const mock = api();
    await openPage();
    const calls = characterCalls(mock).length;
    const toggle = screen.getByRole('checkbox', { name: 'New frames' });
    fireEvent.click(toggle);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS * 2));
    expect(characterCalls(mock)).toHaveLength(calls);
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
    expect((await tile('Frieren')).classList.contains('character-tile--new')).toBe(true);
    fireEvent.click(await tile('Frieren'));
    const frames = screen.getByRole('dialog').querySelectorAll('.modal-card');
    expect(frames.length).toBeGreaterThan(0);
    expect([...frames].every((f) => f.classList.contains('modal-card--new'))).toBe(true);
  });

  it('loads the next page with `after` as the grid reaches the end', async () => {
    const page1 = [frieren, stark, character(3, 'Fern', 'E')];
    const mock = api({
      '/api/characters?limit=60&after=3': async () =>
        new Response(JSON.stringify([character(4, 'Himmel', 'S')]), { headers: { 'x-total-count': '4' } }),
      '/api/characters?limit=60': async () =>
        new Response(JSON.stringify(page1), { headers: { 'x-total-count': '4', 'x-next-after': '3' } }),
    });
    await openPage();
    expect(await screen.findByText('Himmel')).toBeTruthy();
    expect(characterCalls(mock).map(([u]) => String(u))).toEqual([
      '/api/characters?limit=60',
      '/api/characters?limit=60&after=3',
    ]);
    expect(tiles()).toHaveLength(4);
    expect(screen.getByText('4 characters')).toBeTruthy();
  });
});

/** Shows the router's current address, as the browser's address bar would. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}
const address = () => screen.getByTestId('address').textContent;

describe('CharactersScreen: the filters live in the address', () => {
  it('starts from the filters the address names and writes each change into it', async () => {
    const mock = api();
    renderPage(
      { path: '/characters?rank=E&anime=3&frames=new', user: user() },
      <>
        <CharactersScreen />
        <Address />
      </>,
    );
    await screen.findByText('Stark');
    expect(String(characterCalls(mock)[0]![0])).toBe('/api/characters?limit=60&anime_id=3&rank_code=E');
    expect(screen.getByRole('button', { name: 'E' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Anime' }) as HTMLSelectElement).value).toBe('3');
    expect((screen.getByRole('checkbox', { name: 'New frames' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    expect(address()).toBe('/characters?rank=S&anime=3&frames=new');
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(address()).toBe('/characters?frames=new');
  });
});

describe('CharactersScreen: a failed load', () => {
  it('keeps the filters usable and loads again on retry', async () => {
    let down = true;
    const mock = api({
      '/api/characters*': async () =>
        down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse([stark]),
    });
    renderPage({ user: user(), language: 'ru' }, <CharactersScreen />);
    const box = await screen.findByRole('alert');
    expect(box.textContent).not.toContain('Failed to fetch');
    // A filter tap while offline: the box stays in place, the page around it too.
    fireEvent.click(screen.getByRole('button', { name: 'E' }));
    await waitFor(() => expect(characterCalls(mock).length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Персонажи' })).toBeTruthy();
    down = false;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Stark')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CharactersScreen: offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('shows the error box at once when the browser is offline, not a loading text that never ends', async () => {
    // The browser says it is offline (TanStack Query listens to its online/offline events).
    onlineManager.setOnline(false);
    api({ '/api/characters*': async () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage({ user: user(), language: 'ru' }, <CharactersScreen />);
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('heading').textContent).toBe('Ошибка');
    expect(within(box).getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});

describe('CharactersScreen: the error box', () => {
  it.each([
    [
      'an error object with details',
      () => jsonResponse({ error: 'boom', details: 'db down' }, 500),
      'API error: db down',
      'API error: db down',
    ],
    [
      'an error object without details',
      () => jsonResponse({ error: 'boom' }, 500),
      'API error: boom',
      'API error: boom',
    ],
    [
      'an error object with structured details',
      () => jsonResponse({ error: 'Bad request', code: 'VALIDATION', details: [{ path: 'limit' }] }, 400),
      'API error: [{"path":"limit"}]',
      'API error: [{"path":"limit"}]',
    ],
    [
      'a non-list answer',
      () => jsonResponse({ oops: true }),
      'Unexpected API response: {"oops":true}',
      'Неожиданный ответ API: {"oops":true}',
    ],
    [
      'a list of the wrong things',
      () => jsonResponse([{ id: 'x' }]),
      'Unexpected API response: [{"id":"x"}]',
      'Неожиданный ответ API: [{"id":"x"}]',
    ],
    [
      'a failed request',
      () => Promise.reject(new TypeError('Failed to fetch')),
      // Never the browser's English: the page says it in its own language (issue 22 item 4).
      'Request failed: Could not reach the server. Check your connection and try again.',
      'Ошибка запроса: Не удалось связаться с сервером. Проверьте подключение и повторите.',
    ],
    [
      'an answer that is not JSON',
      () => new Response('<html>', { status: 502 }),
      'Request failed: The service is temporarily unavailable. Try again in a moment.',
      'Ошибка запроса: Сервис временно недоступен. Повторите через минуту.',
    ],
  ])(
    'shows the error box in place of the grid, filters still usable (spec text in ru, English in en), for %s',
    async (_case, answer, en, ru) => {
      for (const [language, title, message] of [
        ['en', 'Error', en],
        ['ru', 'Ошибка', ru],
      ] as const) {
        api({ '/api/characters*': async () => answer() });
        const view = renderPage({ user: user(), language }, <CharactersScreen />);
        const box = await screen.findByRole('alert');
        expect(within(box).getByRole('heading', { level: 2 }).textContent).toBe(title);
        expect(within(box).getByText(message)).toBeTruthy();
        expect(
          within(box).getByRole('button', { name: language === 'en' ? 'Retry' : 'Повторить' }),
        ).toBeTruthy();
        // The rest of the page stays: its heading and the filters.
        expect(
          screen.getByRole('heading', { level: 1, name: language === 'en' ? 'Characters' : 'Персонажи' }),
        ).toBeTruthy();
        expect(screen.getByRole('button', { name: 'S' })).toBeTruthy();
        view.unmount();
      }
    },
  );
});

describe('CharactersScreen: the modal', () => {
  it('opens as a labelled dialog with the details and only the external links that exist', async () => {
    api();
    await openPage();
    fireEvent.click(await tile('Frieren'));
    const dialog = screen.getByRole('dialog', { name: 'Frieren' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Frieren alt')).toBeTruthy();
    expect(within(dialog).getByText('About Frieren')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Shikimori' }).getAttribute('href')).toBe(
      'https://shikimori.one/characters/184947',
    );
    expect(within(dialog).queryByRole('link', { name: 'AniList' })).toBeNull();
    // The cards tab is the default: each card's image alone (its rank and limited star are drawn
    // on it), how many were printed and the like button.
    expect(within(dialog).getByRole('tab', { name: 'Cards' }).getAttribute('aria-selected')).toBe('true');
    const frames = [...dialog.querySelectorAll<HTMLElement>('.modal-card')];
    expect(frames.map((f) => f.dataset.rank)).toEqual(['S', 'E']);
    expect(frames.every((f) => f.querySelector('.badge, .rank-code') === null)).toBe(true);
    await waitFor(() =>
      expect(frames.map((f) => f.querySelector('.printed')?.textContent)).toEqual([
        '12 printed',
        '12 printed',
      ]),
    );
    expect(within(dialog).getAllByRole('button', { name: /^Like/ })).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });

    fireEvent.click(await tile('Stark'));
    const other = screen.getByRole('dialog', { name: 'Stark' });
    expect(within(other).queryByRole('link', { name: 'Shikimori' })).toBeNull();
    expect(within(other).getByRole('link', { name: 'AniList' }).getAttribute('href')).toBe(
      'https://anilist.co/character/246',
    );
  });

  it('moves focus in, keeps Tab inside, closes on Escape, close button or backdrop, and returns focus', async () => {
    api();
    await openPage();
    const frierenTile = await tile('Frieren');
    frierenTile.focus();
    fireEvent.click(frierenTile);
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    expect(document.body.style.overflow).toBe('hidden');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('button', { name: /^Like/ })[1]).toHaveProperty('disabled', false),
    );
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
      (el) => el.tabIndex >= 0,
    );
    const last = focusable.at(-1)!;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(frierenTile);
    expect(document.body.style.overflow).toBe('');

    fireEvent.click(frierenTile);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(frierenTile);
    fireEvent.mouseDown(document.querySelector('.modal__backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches tabs with the arrow keys', async () => {
    api();
    await openPage();
    fireEvent.click(await tile('Frieren'));
    const cardsTab = screen.getByRole('tab', { name: 'Cards' });
    cardsTab.focus();
    fireEvent.keyDown(cardsTab, { key: 'ArrowRight' });
    const owners = screen.getByRole('tab', { name: 'Owners' });
    expect(owners.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(owners);
    expect(screen.getByRole('tabpanel', { name: 'Owners' })).toBeTruthy();
  });
});

describe('CharactersScreen: likes', () => {
  it('likes a card once: disabled while loading, count +1 locally, and still liked after reopening', async () => {
    const post = deferred();
    const mock = api({ '/api/cards/10/like': () => post.promise });
    await openPage();
    fireEvent.click(await tile('Frieren'));
    // The first card (10) of the two.
    const firstCard = () => screen.getByRole('dialog').querySelector<HTMLElement>('.modal-card')!;
    const like = await within(firstCard()).findByRole('button', { name: 'Like — likes: 4' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    expect(like).toHaveProperty('disabled', true);
    post.release(jsonResponse({ success: true, likes: 5 }));
    await within(firstCard()).findByRole('button', { name: 'Like — likes: 5' });
    expect(like).toHaveProperty('disabled', true);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.querySelector('.like__count')?.textContent).toBe('5');
    const posts = () =>
      mock.mock.calls.filter(([u, init]) => String(u).endsWith('/like') && init?.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(String(posts()[0]![0])).toBe('/api/cards/10/like');

    // Reopened in the same page view: the card stays liked even though the server's answer
    // (stubbed) still says not liked.
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(await tile('Frieren'));
    const again = await within(firstCard()).findByRole('button', { name: 'Like — likes: 4' });
    expect(again).toHaveProperty('disabled', true);
    expect(again.getAttribute('aria-pressed')).toBe('true');
  });

  it('starts liked and disabled when the server says the user liked the card before', async () => {
    api({ '/api/cards/10/likes': async () => jsonResponse({ likes: 9, liked: true }) });
    await openPage();
    fireEvent.click(await tile('Frieren'));
    const like = await within(screen.getByRole('dialog')).findByRole('button', { name: 'Like — likes: 9' });
    expect(like).toHaveProperty('disabled', true);
    expect(like.getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    [
      'the count fails to load',
      { '/api/cards/10/likes': async () => jsonResponse({ error: 'x' }, 500) },
      false,
      'Could not load the likes',
      'Ошибка загрузки лайков',
    ],
    [
      'the like is refused (success false)',
      { '/api/cards/10/like': async () => jsonResponse({ success: false, likes: 4 }) },
      true,
      'Could not like this card',
      'Не удалось поставить лайк',
    ],
    [
      'the like is a repeat (409)',
      {
        '/api/cards/10/like': async () =>
          jsonResponse({ success: false, likes: 4, error: 'Already liked' }, 409),
      },
      true,
      'Could not like this card',
      'Не удалось поставить лайк',
    ],
    [
      'the server fails',
      { '/api/cards/10/like': async () => jsonResponse({ error: 'x' }, 500) },
      true,
      'Network error',
      'Ошибка сети',
    ],
    [
      'the network fails',
      { '/api/cards/10/like': async () => Promise.reject(new TypeError('Failed to fetch')) },
      true,
      'Network error',
      'Ошибка сети',
    ],
  ] as const)(
    'shows the requirements M8 message (ru; English in en) when %s',
    async (_case, routes, click, en, ru) => {
      for (const [language, message] of [
        ['en', en],
        ['ru', ru],
      ] as const) {
        api(routes);
        const view = await openPage(language);
        fireEvent.click(await tile('Frieren'));
        const dialog = screen.getByRole('dialog');
        const button = within(dialog).getAllByRole('button', { name: /^(Like|Нравится)/ })[0]!;
        // The count (or its failure) has loaded once the button is enabled.
        await waitFor(() => expect(button).toHaveProperty('disabled', false));
        if (click) fireEvent.click(button);
        expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
        // A failed like leaves the card not liked.
        await waitFor(() => expect(button).toHaveProperty('disabled', false));
        expect(button.getAttribute('aria-pressed')).toBe('false');
        view.unmount();
      }
    },
  );
});

describe('CharactersScreen: one language at a time, and the cards I own', () => {
  const names = {
    names: { en: 'Frieren', ru: 'Фрирен', ja: 'フリーレン' },
    descriptions: { en: 'An elf mage.', ru: 'Эльфийка-маг.' },
  };
  const mine = (cardId: number, quantity: number) => ({ id: cardId, cardId, quantity });

  it('names characters and anime in Russian for a Russian page and marks the cards I hold', async () => {
    api({
      '/api/characters*': async () =>
        new Response(JSON.stringify([{ ...frieren, ...names }, stark]), {
          headers: { 'x-total-count': '2' },
        }),
      '/api/anime': async () =>
        jsonResponse([
          { id: 3, title: 'Sousou no Frieren', titles: { ru: 'Провожающая в последний путь Фрирен' } },
        ]),
      '/api/inventory/my': async () => jsonResponse([mine(10, 2), mine(11, 1)]),
    });
    renderPage({ user: user(), language: 'ru' }, <CharactersScreen />);
    const frierenTile = (await screen.findByText('Фрирен')).closest('button')!;
    expect(screen.queryByText('Frieren')).toBeNull();
    expect(screen.getByRole('option', { name: 'Провожающая в последний путь Фрирен' })).toBeTruthy();
    await waitFor(() => expect(frierenTile.querySelector('.owned-mark')?.textContent).toContain('✓ 3'));
    expect(within(frierenTile).getByText('В вашей коллекции: 3')).toBeTruthy();
    // Stark: none of his cards is mine, no mark.
    expect((await tile('Stark')).querySelector('.owned-mark')).toBeNull();
    fireEvent.click(frierenTile);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Фрирен' })).toBeTruthy();
    expect(within(dialog).getByText('Эльфийка-маг.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByText(/^В вашей коллекции/)
        .map((n) => n.textContent),
    ).toEqual(['В вашей коллекции: 2', 'В вашей коллекции: 1']);
  });

  it('falls back to English, then the primary name, where a language has no text', async () => {
    api({
      '/api/characters*': async () =>
        new Response(JSON.stringify([{ ...frieren, names: { ja: 'フリーレン' }, name: 'Frieren' }, stark]), {
          headers: { 'x-total-count': '2' },
        }),
    });
    await openPage('ru');
    expect(screen.getByText('Frieren')).toBeTruthy();
  });
});

describe('CharactersScreen: owners', () => {
  it('lists the owners of each card with avatar and display name, or says nobody owns it', async () => {
    const mock = api();
    await openPage();
    fireEvent.click(await tile('Frieren'));
    fireEvent.click(screen.getByRole('tab', { name: 'Owners' }));
    const first = await screen.findByRole('region', { name: 'Owners of card 10 (S)' });
    await within(first).findByText('sakura_fan');
    const owners = [...first.querySelectorAll('.owner')];
    // Each owner links to their collector page; more than one copy shows how many.
    const links = owners.map((o) => o.querySelector('a')!);
    expect(links.map((a) => a.textContent)).toEqual(['ID: 5', 'sakura_fan']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/u/5', '/u/7']);
    expect(owners[1]!.querySelector('.owner__quantity')?.textContent).toBe('×2');
    // Discord avatars from the id and hash, through our proxy; no hash: a generated one. The
    // image loader sets each picture's source once it has loaded.
    const avatars = () => owners.map((o) => o.querySelector('img')?.getAttribute('src') ?? '');
    await waitFor(() => expect(avatars()[1]).toBe('/api/proxy/discord/avatars/1187/abc123.png'));
    await waitFor(() => expect(avatars()[0]).toMatch(/^data:image\/svg\+xml,/));
    const second = screen.getByRole('region', { name: 'Owners of card 11 (E)' });
    expect(await within(second).findByText('Nobody owns this card yet.')).toBeTruthy();
    expect(mock.mock.calls.map(([u]) => String(u))).toEqual(
      expect.arrayContaining(['/api/inventory?card_id=10', '/api/inventory?card_id=11']),
    );
  });

  it('says so when a character has no cards', async () => {
    api({
      '/api/characters*': async () => jsonResponse([character(9, 'Frieren', 'S', { Cards: [] })]),
    });
    await openPage();
    expect((await tile('Frieren')).dataset.rank).toBeUndefined();
    fireEvent.click(await tile('Frieren'));
    expect(screen.getByText('This character has no cards yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Owners' }));
    expect(screen.getByText('This character has no cards yet.')).toBeTruthy();
  });

  it.each([
    [
      // Issue 22: never the browser's own English for a failed request.
      'a network failure',
      async () => Promise.reject(new TypeError('Failed to fetch')),
      'Could not load the owners: Could not reach the server. Check your connection and try again.',
      'Ошибка загрузки владельцев: Не удалось связаться с сервером. Проверьте подключение и повторите.',
    ],
    [
      'a server error',
      async () => jsonResponse({ error: 'Inventory unavailable' }, 503),
      'Could not load the owners: Inventory unavailable',
      'Ошибка загрузки владельцев: Inventory unavailable',
    ],
  ])(
    'shows the owners error with its message (spec text in ru, English in en) on %s',
    async (_case, answer, en, ru) => {
      for (const [language, tab, message] of [
        ['en', 'Owners', en],
        ['ru', 'Владельцы', ru],
      ] as const) {
        api({ '/api/inventory?card_id=*': answer });
        const view = await openPage(language);
        fireEvent.click(await tile('Frieren'));
        fireEvent.click(screen.getByRole('tab', { name: tab }));
        expect((await screen.findAllByRole('alert')).map((a) => a.firstChild?.textContent)).toEqual([
          message,
          message,
        ]);
        view.unmount();
      }
    },
  );
});
