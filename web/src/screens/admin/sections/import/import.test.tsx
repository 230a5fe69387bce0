import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm, expectMessage } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import ImportSection from '.';

const anilistCharacter = (anilistId: number, name: string, native: string | null = null) => ({
  anilistId,
  name,
  altname: null,
  alternative: [],
  alternativeSpoiler: [],
  full: name,
  userPreferred: name,
  first: null,
  last: null,
  native,
  image: `https://img.example/${anilistId}.png`,
  description: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Setup {
  cast: ReturnType<typeof anilistCharacter>[];
  shikimori: unknown;
  shikimoriStatus?: number;
  bulkStatus?: number;
  existing?: { anilistId: number; shikimoriId: number | null }[];
  /** Catalogue characters without ids the server finds by name: row AniList id → character. */
  named?: Record<number, { id: number; name: string; score: number; inAnime: boolean }>;
}

function serve({
  cast,
  shikimori,
  shikimoriStatus = 200,
  bulkStatus = 200,
  existing = [],
  named = {},
}: Setup) {
  const bodies: {
    characters: { anilistId: number; shikimoriId?: number; altname: string; linkTo?: number }[];
    animeId: number;
  }[] = [];
  const asked: { anilistId: number; shikimoriId?: number; names: string[] }[][] = [];
  const fetchMock = stubFetch(async (url, init) => {
    if (url === '/admin/animes')
      return jsonResponse([
        { id: 5, title: 'Death Note', shikimoriId: 1535, anilistId: 1535, franchise_id: null },
        { id: 6, title: 'Broken', shikimoriId: null, anilistId: 77, franchise_id: null },
      ]);
    if (url === '/admin/characters/import-matches') {
      const { candidates } = JSON.parse(String(init?.body));
      asked.push(candidates);
      const byId = existing.flatMap((e, i) =>
        candidates.some((c: { anilistId: number }) => c.anilistId === e.anilistId)
          ? [
              {
                anilistId: e.anilistId,
                character: { id: i + 1, name: `c${i}`, ...e },
                score: 100,
                by: 'anilistId',
                inAnime: true,
              },
            ]
          : [],
      );
      const byName = Object.entries(named).map(([row, c]) => ({
        anilistId: Number(row),
        character: { id: c.id, name: c.name, anilistId: null, shikimoriId: null },
        score: c.score,
        by: 'name',
        inAnime: c.inAnime,
      }));
      return jsonResponse({ matches: [...byId, ...byName] });
    }
    if (url === '/admin/anilist/characters/1535') return jsonResponse({ characters: cast });
    if (url === '/admin/shikimori/anime/1535/characters') return jsonResponse(shikimori, shikimoriStatus);
    if (url === '/admin/characters/bulk') {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      if (bulkStatus !== 200) return jsonResponse({}, bulkStatus);
      return jsonResponse({ success: true, created: body.characters, updated: [], conflicts: [] });
    }
    return jsonResponse({ error: `unexpected ${url}` }, 500);
  });
  return { fetchMock, bodies, asked };
}

const chooseAnime = async (value: string, label = 'Аниме') => {
  const select = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(3));
  fireEvent.change(select, { target: { value } });
};

describe('character import', () => {
  it('refuses an anime without a numeric Shikimori id', async () => {
    const { fetchMock } = serve({ cast: [], shikimori: [] });
    renderPage({ language: 'ru' }, <ImportSection />);
    await chooseAnime('6');
    await expectMessage('Некорректный Shikimori ID у выбранного аниме!');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/anilist/characters'))).toBe(false);
  });

  it('matches by name, pre-selects matches, marks existing ones and imports the selection', async () => {
    const { bodies } = serve({
      cast: [
        anilistCharacter(80, 'Light Yagami', '夜神 月'),
        anilistCharacter(71, 'L Lawliet'),
        anilistCharacter(75, 'Ryuk'),
        anilistCharacter(99, 'Watari'),
      ],
      shikimori: [
        { shikimoriId: 80, name: 'Yagami Light', altname: null, japanese: '夜神月', url: null },
        { shikimoriId: 71, name: 'L Lawliett', altname: null, japanese: null, url: null },
        { shikimoriId: 75, name: 'Ryuk', altname: null, japanese: null, url: null },
      ],
      existing: [{ anilistId: 75, shikimoriId: 75 }],
    });
    renderPage({ language: 'ru' }, <ImportSection />);
    await chooseAnime('5');
    await screen.findByText('Light Yagami');
    const row = (name: string) =>
      screen.getByRole('checkbox', { name: `Выбрать ${name}` }).closest('tr') as HTMLElement;
    expect(within(row('Light Yagami')).getByText('100%')).toBeTruthy();
    expect(within(row('L Lawliet')).getByText('90%')).toBeTruthy();
    expect((within(row('Watari')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    // Ryuk exists already: disabled, 'уже есть', not counted.
    expect(within(row('Ryuk')).getByText('уже есть')).toBeTruthy();
    expect((within(row('Ryuk')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('показано 4 из 4')).toHaveLength(2);
    const run = screen.getByRole('button', { name: 'Импортировать (2)' });
    fireEvent.click(run);
    await screen.findByText('Импорт завершён: создано 2, обновлено 0, конфликтов 0');
    expect(screen.getByText('Батч 1 из 1')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.animeId).toBe(5);
    expect(bodies[0]?.characters.map((c) => [c.anilistId, c.shikimoriId])).toEqual([
      [80, 80],
      [71, 71],
    ]);
    expect(bodies[0]?.characters[0]?.altname).toBe('夜神 月, Yagami Light, 夜神月');
  });

  it('asks before selecting more than 200, warns, and imports in batches of 50 with 413 named', async () => {
    const cast = Array.from({ length: 230 }, (_, i) => anilistCharacter(1000 + i, `Extra ${i}`));
    const { bodies } = serve({ cast, shikimori: [], bulkStatus: 413 });
    renderPage({ language: 'ru' }, <ImportSection />);
    await chooseAnime('5');
    await screen.findByText('Extra 0');
    expect(screen.getAllByRole('row')).toHaveLength(31);
    expect(screen.getAllByText('страница 1 / 8')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать всех (230)' }));
    await answerConfirm(
      true,
      'Выбрать всех 230 персонажей? Это может занять много времени и будет разбито на батчи.',
    );
    expect(screen.getByText('Выбрано 230 персонажей: импорт пойдёт батчами по 50.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Импортировать (230)' }));
    await screen.findByText('Батч 5 из 5');
    await screen.findByText('Батч 5 слишком большой (30 персонажей). Попробуйте выбрать меньше персонажей.');
    // Every batch ran although the first failed.
    expect(bodies.map((b) => b.characters.length)).toEqual([50, 50, 50, 50, 30]);
  });

  it('says the session expired when the Shikimori answer cannot be read', async () => {
    stubFetch(async (url) => {
      if (url === '/admin/animes')
        return jsonResponse([{ id: 5, title: 'Death Note', shikimoriId: 1535, anilistId: 1535 }]);
      if (url === '/admin/characters/import-matches') return jsonResponse({ matches: [] });
      if (url === '/admin/anilist/characters/1535')
        return jsonResponse({ characters: [anilistCharacter(1, 'Light')] });
      return new Response('<html>sign in</html>', { status: 200 });
    });
    renderPage({ language: 'ru' }, <ImportSection />);
    const select = await screen.findByRole('combobox', { name: 'Аниме' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(2));
    fireEvent.change(select, { target: { value: '5' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Нет доступа или сессия истекла. Пожалуйста, войдите заново.',
    );
  });

  it('offers characters the catalogue holds without ids as "link to existing" with the score, and links them', async () => {
    const { bodies, asked } = serve({
      cast: [
        anilistCharacter(2734, 'Vicious', 'ビシャス'),
        anilistCharacter(4, 'Ein', 'アイン'),
        anilistCharacter(5, 'Julia'),
      ],
      shikimori: [
        { shikimoriId: 2734, name: 'Vicious', altname: 'Вишес', japanese: null, url: null },
        { shikimoriId: 4, name: 'Ein', altname: 'Эйн', japanese: null, url: null },
      ],
      named: {
        2734: { id: 31, name: 'Vicious', score: 100, inAnime: true },
        4: { id: 32, name: 'Ein', score: 96, inAnime: false },
        5: { id: 33, name: 'Julia', score: 88, inAnime: true },
      },
    });
    renderPage({ language: 'en' }, <ImportSection />);
    await chooseAnime('5', 'Anime');
    await screen.findByText('Link to existing: Vicious (#31) · 100%');
    expect(screen.getByText('Link to existing: Ein (#32) · 96%')).toBeTruthy();
    expect(screen.getByText('(from another anime)')).toBeTruthy();
    // The catalogue was asked with every name of both sites.
    expect(asked[0]?.find((c) => c.anilistId === 2734)).toEqual({
      anilistId: 2734,
      shikimoriId: 2734,
      names: ['Vicious', 'ビシャス', 'Вишес'],
    });
    // Julia is to be created after all.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Link to existing: Julia (#33) · 88%' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Julia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import (3)' }));
    await screen.findByText(/Import done/);
    expect(bodies[0]?.characters.map((c) => [c.anilistId, c.linkTo])).toEqual([
      [2734, 31],
      [4, 32],
      [5, undefined],
    ]);
  });
});
