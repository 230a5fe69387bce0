import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm, expectMessage } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import CardsSection from '.';

const ranks = [
  { id: 1, code: 'E', title: 'Common', imageUrl: null, threshold: null },
  { id: 2, code: 'S', title: 'Rare', imageUrl: null, threshold: 0.9 },
];
const cards = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  character_id: i + 1,
  rank_id: i === 0 ? 2 : 1,
  season_id: i === 1 ? 3 : null,
  limited: i === 1,
  imageUrl: null,
  Character: { id: i + 1, name: i === 0 ? 'Light Yagami' : `Character ${i + 1}` },
  Rank: { code: i === 0 ? 'S' : 'E' },
}));

function serve(overrides: Record<string, () => Response> = {}) {
  const posts: [string, unknown][] = [];
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url}`;
    if (method !== 'GET') posts.push([key, init?.body ? JSON.parse(String(init.body)) : null]);
    if (overrides[key]) return overrides[key]();
    if (key === 'GET /admin/cards') return jsonResponse(cards);
    if (key === 'GET /admin/ranks') return jsonResponse(ranks);
    if (key === 'GET /admin/seasons')
      return jsonResponse([{ id: 3, title: 'Winter', startDate: '2026-01-01', endDate: '2026-03-01' }]);
    if (key === 'GET /admin/animes') return jsonResponse([{ id: 5, title: 'Death Note', shikimoriId: 1535 }]);
    if (key === 'GET /admin/characters?limit=500') return jsonResponse([{ id: 7, name: 'Light Yagami' }]);
    if (key === 'GET /api/admin/cache/stats')
      return jsonResponse({
        application_cache: {
          namespaces: [
            { name: 'cards', keys: 10, hits: 90, misses: 10, hit_rate: 0.9 },
            { name: 'users', keys: 1, hits: 1, misses: 1, hit_rate: 0.5 },
          ],
        },
      });
    if (key === 'POST /admin/cards/bulk-add-anime') return jsonResponse({ added: 3, skipped: 1 });
    if (key === 'PATCH /admin/cards/45') return jsonResponse({ error: 'nope' }, 500);
    return jsonResponse({ success: true });
  });
  return { fetchMock, posts };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the card section', () => {
  it('shows 40 cards a page with the caption, the cache panel for the catalogue namespaces, and filters', async () => {
    serve();
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    expect(document.querySelectorAll('.admin-cards__card')).toHaveLength(40);
    const cache = screen.getByRole('region', { name: 'Кэш сервера' });
    expect(within(cache).getByText('cards')).toBeTruthy();
    expect(within(cache).getByText('90.0%')).toBeTruthy();
    expect(within(cache).queryByText('users')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(screen.getByText('Страница 2 из 2, найдено 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только лимитированные' }));
    await screen.findByText('Страница 1 из 1, найдено 1');
    expect(screen.getByText('Limited')).toBeTruthy();
  });

  it('keeps the add modes exclusive and says each mode rule', async () => {
    serve();
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    fireEvent.click(screen.getByRole('button', { name: 'Массово по ID персонажей' }));
    fireEvent.click(screen.getByRole('button', { name: 'По аниме' }));
    expect(screen.getAllByRole('form')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'По аниме' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Массово по ID персонажей' }).getAttribute('aria-pressed'),
    ).toBe('false');
    const form = screen.getByRole('form', { name: 'По аниме' });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    expect(within(form).getByRole('alert').textContent).toBe('Выберите аниме и ранг');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Аниме' }), { target: { value: '5' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Ранг' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    await expectMessage('Добавлено: 3, Пропущено: 1');
    // The bulk modes close on success.
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Для всех аниме' }));
    const all = screen.getByRole('form', { name: 'Для всех аниме' });
    fireEvent.click(within(all).getByRole('button', { name: 'Создать' }));
    expect(within(all).getByRole('alert').textContent).toBe('Выберите ранг');
    fireEvent.change(within(all).getByRole('combobox', { name: 'Ранг' }), { target: { value: '1' } });
    fireEvent.click(within(all).getByRole('button', { name: 'Создать' }));
    await answerConfirm(false, 'Это действие создаст карточки для ВСЕХ аниме. Продолжить?');

    fireEvent.click(screen.getByRole('button', { name: 'Массово по ID персонажей' }));
    const bulk = screen.getByRole('form', { name: 'Массово по ID персонажей' });
    fireEvent.change(within(bulk).getByRole('textbox'), { target: { value: ' , ' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Создать' }));
    expect(within(bulk).getByRole('alert').textContent).toBe('Введите хотя бы один ID персонажа');
  });

  it('says a failed rank change', async () => {
    const { posts } = serve();
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    const select = screen.getByRole('combobox', { name: 'Ранг карточки #45' }) as HTMLSelectElement;
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '2' } });
    expect(select.disabled).toBe(true);
    await expectMessage('Ошибка сохранения');
    expect(select.disabled).toBe(false);
    expect(select.value).toBe('1');
    expect(posts).toEqual([['PATCH /admin/cards/45', { rank_id: 2 }]]);
  });

  it('says a failed by-anime add with the server error', async () => {
    serve({
      'POST /admin/cards/bulk-add-anime': () => jsonResponse({ error: 'anime has no characters' }, 400),
    });
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    fireEvent.click(screen.getByRole('button', { name: 'По аниме' }));
    const form = screen.getByRole('form', { name: 'По аниме' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Аниме' }), { target: { value: '5' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Ранг' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    await expectMessage('Ошибка: anime has no characters');
    expect(screen.getByRole('form', { name: 'По аниме' })).toBeTruthy();
  });

  it('loads a card image only once it comes within 200 px of the viewport', async () => {
    serve();
    const observers: {
      callback: IntersectionObserverCallback;
      margin: string | undefined;
      targets: Element[];
    }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, margin: options?.rootMargin, targets: [] };
          observers.push(this.entry);
        }
        observe(el: Element) {
          this.entry.targets.push(el);
        }
        disconnect() {}
      },
    );
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    const boxes = [...document.querySelectorAll('.admin-cards__image')];
    expect(boxes).toHaveLength(40);
    expect(document.querySelectorAll('.admin-cards__image img')).toHaveLength(0);
    // The boxes start being watched in an effect after the page renders.
    const first = await waitFor(() => {
      const found = observers.find((o) => o.targets.includes(boxes[0]!));
      expect(found).toBeDefined();
      return found!;
    });
    expect(first.margin).toBe('200px');
    act(() =>
      first.callback(
        [{ isIntersecting: true, target: boxes[0]! } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(document.querySelectorAll('.admin-cards__image img')).toHaveLength(1));
    // The picture itself then waits to be near too (LoadedImage), and loads through the image
    // loader: its URL once the loader has the bytes.
    const picture = boxes[0]!.querySelector('.image')!;
    const own = await waitFor(() => {
      const found = observers.find((o) => o.targets.includes(picture));
      expect(found).toBeDefined();
      return found!;
    });
    act(() =>
      own.callback(
        [{ isIntersecting: true, target: picture } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() =>
      expect(boxes[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/cards/45/image?lang=ru'),
    );
  });

  it('adds a single card: the season only when limited; a failure says so and keeps the values, success says so and resets', async () => {
    let fail = true;
    const { posts } = serve({
      'POST /admin/cards': () =>
        fail ? jsonResponse({ error: 'Сервер недоступен' }, 500) : jsonResponse({ id: 46 }, 201),
    });
    renderPage({ language: 'ru' }, <CardsSection />);
    await screen.findByText('Страница 1 из 2, найдено 45');
    fireEvent.click(screen.getByRole('button', { name: 'Одна карточка' }));
    const form = screen.getByRole('form', { name: 'Одна карточка' });
    const id = within(form).getByRole('combobox', { name: 'ID персонажа' }) as HTMLInputElement;
    // The first characters are suggested by name (one page of the additive paging).
    expect(form.querySelector('datalist option[value="7"]')?.textContent).toBe('Light Yagami');
    fireEvent.change(id, { target: { value: '7' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Ранг' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Лимитированная' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    expect(within(form).getByRole('alert').textContent).toBe('Выберите сезон для лимитированной карточки');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Сезон' }), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Создать' })).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('form', { name: 'Одна карточка' })).toBeTruthy());
    expect(id.value).toBe('7');
    // Not about a field: under the form, once (issue 28 item 5: every action answers).
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Сервер недоступен'));
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
    fail = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(id.value).toBe(''));
    await expectMessage('Карточка добавлена: Light Yagami (S)');
    expect(screen.getByRole('form', { name: 'Одна карточка' })).toBeTruthy();
    const body = { character_id: 7, rank_id: 2, limited: true, season_id: 3 };
    expect(posts).toEqual([
      ['POST /admin/cards', body],
      ['POST /admin/cards', body],
    ]);
  });
});
