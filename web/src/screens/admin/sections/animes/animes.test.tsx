import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import AnimesSection from '.';

const initial = [
  {
    id: 1,
    title: 'Death Note',
    shikimoriId: 1535,
    anilistId: 1535,
    franchise_id: 7,
    Franchise: { id: 7, title: 'Death Note' },
  },
  { id: 2, title: 'Shingeki no Kyojin', shikimoriId: 16498, anilistId: null, franchise_id: null },
];

/** The server: its anime list changes with the writes it accepts. */
function serve(fail = false) {
  const writes: [string, unknown][] = [];
  let animes: Record<string, unknown>[] = [...initial];
  stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/admin/animes') return jsonResponse(animes);
    if (method === 'GET' && url === '/admin/franchises')
      return jsonResponse([{ id: 7, title: 'Death Note' }]);
    writes.push([`${method} ${url}`, init?.body ? JSON.parse(String(init.body)) : null]);
    if (fail) return jsonResponse({ error: 'boom' }, 500);
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { franchise_id: number | null };
      const created = {
        id: 3,
        ...body,
        Franchise: body.franchise_id === 7 ? { id: 7, title: 'Death Note' } : null,
      };
      animes = [...animes, created];
      return jsonResponse(created, 201);
    }
    return jsonResponse({ success: true });
  });
  return writes;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const rows = () => screen.getAllByRole('row').slice(1);

describe('the anime section', () => {
  it('shows the stats line and validates the add form, naming the anime that has the id', async () => {
    const writes = serve();
    renderPage({ language: 'ru' }, <AnimesSection />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Всего: 2 · с AniList: 1 · с франшизой: 1 · выбрано: 0')).toBeTruthy();
    expect(within(rows()[1]!).getAllByRole('cell')[5]!.textContent).toBe('Death Note');
    const form = screen.getByRole('form', { name: 'Добавить аниме' });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    const add = () => fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    fireEvent.change(field('Название'), { target: { value: 'Kimetsu no Yaiba' } });
    add();
    expect(within(form).getByRole('alert').textContent).toBe('Shikimori ID должен быть положительным числом');
    fireEvent.change(field('Shikimori ID'), { target: { value: '16498' } });
    add();
    expect(within(form).getByRole('alert').textContent).toBe(
      'Shikimori ID 16498 уже существует (Shingeki no Kyojin)',
    );
    fireEvent.change(field('Shikimori ID'), { target: { value: '38000' } });
    fireEvent.change(field('AniList ID'), { target: { value: '1535' } });
    add();
    expect(within(form).getByRole('alert').textContent).toBe('AniList ID 1535 уже существует (Death Note)');
    fireEvent.change(field('AniList ID'), { target: { value: '101922' } });
    fireEvent.change(within(form).getByRole('combobox'), { target: { value: '7' } });
    add();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(writes).toEqual([
      [
        'POST /admin/animes',
        { title: 'Kimetsu no Yaiba', shikimoriId: 38000, anilistId: 101922, franchise_id: 7 },
      ],
    ]);
    expect(screen.getByText('Всего: 3 · с AniList: 2 · с франшизой: 2 · выбрано: 0')).toBeTruthy();
  });

  it('says a failed delete', async () => {
    serve(true);
    renderPage({ language: 'ru' }, <AnimesSection />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Удалить' }));
    await answerConfirm(true);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ошибка при удалении аниме. Попробуйте еще раз.',
    );
    expect(rows()).toHaveLength(2);
  });
});
