import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import CharactersSection from '.';

const initial = [
  {
    id: 1,
    name: 'Light Yagami',
    altname: null,
    shikimoriId: 80,
    anilistId: 80,
    description: null,
    imageUrl: '/l.png',
  },
  {
    id: 2,
    name: 'L Lawliet',
    altname: 'Ryuzaki',
    shikimoriId: 71,
    anilistId: null,
    description: null,
    imageUrl: null,
  },
  {
    id: 3,
    name: 'Ryuk',
    altname: null,
    shikimoriId: null,
    anilistId: null,
    description: null,
    imageUrl: null,
  },
];

/** The server: its character list changes with the writes it accepts. */
function serve() {
  const writes: [string, unknown][] = [];
  let characters: Record<string, unknown>[] = [...initial];
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/admin/characters')) return jsonResponse(characters);
    if (method === 'GET' && url === '/admin/animes')
      return jsonResponse([{ id: 5, title: 'Death Note', shikimoriId: 1535 }]);
    writes.push([`${method} ${url}`, init?.body ? JSON.parse(String(init.body)) : null]);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (method === 'POST' && url === '/admin/characters') {
      const created = { id: 4, altname: null, ...body };
      characters = [...characters, created];
      return jsonResponse(created, 201);
    }
    if (method === 'PATCH') {
      const id = Number(url.split('/').at(-1));
      characters = characters.map((c) => (c.id === id ? { ...c, ...body } : c));
    }
    if (url === '/admin/characters/delete-bulk') {
      const ids = body.ids as number[];
      characters = characters.filter((c) => !ids.includes(c.id as number));
    }
    return jsonResponse({ success: true });
  });
  return { fetchMock, writes };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const rows = () => screen.getAllByRole('row').slice(1);
const tile = (label: string) => screen.getByText(label).previousElementSibling?.textContent;

describe('the character section', () => {
  it('restricts to ?animeId= with the anime title, counts the tiles and filters by has-X', async () => {
    const { fetchMock } = serve();
    renderPage({ language: 'ru', path: '/admin?tab=characters&animeId=5' }, <CharactersSection />);
    await screen.findByText('Персонажи аниме Death Note');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/admin/characters?animeId=5');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect([tile('Всего'), tile('С Shikimori ID'), tile('С AniList ID'), tile('С изображением')]).toEqual([
      '3',
      '2',
      '1',
      '1',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Есть Shikimori ID' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Есть AniList ID' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The external links go to each site's character page.
    const links = within(rows()[2]!)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://shikimori.one/characters/80', 'https://anilist.co/character/80']);
  });

  it('sends only the edited fields, and bulk deletes in one call after naming the characters', async () => {
    const { writes } = serve();
    renderPage({ language: 'ru' }, <CharactersSection />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByRole('textbox', { name: 'Другие имена #2' }), {
      target: { value: ' Ryuzaki, L ' },
    });
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual(['PATCH /admin/characters/2', { altname: 'Ryuzaki, L' }]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать Ryuk' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать Light Yagami' }));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные (2)' }));
    await answerConfirm(true, 'Удалить выбранные (2): Light Yagami, Ryuk? Это действие нельзя отменить.');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(writes[1]).toEqual(['POST /admin/characters/delete-bulk', { ids: [1, 3] }]);
  });

  it('validates the add form against the loaded list', async () => {
    const { writes } = serve();
    renderPage({ language: 'ru' }, <CharactersSection />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const form = screen.getByRole('form', { name: 'Добавить персонажа' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Имя' }), { target: { value: 'Misa Amane' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Shikimori ID' }), {
      target: { value: '71' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(within(form).getByRole('alert').textContent).toBe('Shikimori ID 71 уже существует (L Lawliet)');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Shikimori ID' }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(writes[0]).toEqual([
      'POST /admin/characters',
      { name: 'Misa Amane', shikimoriId: null, anilistId: null, description: '', imageUrl: '' },
    ]);
  });
});
