import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import SearchSection from '.';

const shikimori = {
  id: 1535,
  name: 'Death Note',
  russian: 'Тетрадь смерти',
  english: 'Death Note',
  poster: null,
  episodes: 37,
  status: 'released',
  airedOn: { year: 2006 },
};
const anilist = {
  id: 1535,
  idMal: 1535,
  title: { english: 'Death Note', romaji: 'Death Note', native: 'デスノート' },
  coverImage: { large: null, medium: null },
  episodes: 37,
  status: 'FINISHED',
  startDate: { year: 2006 },
  averageScore: 84,
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const settle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('search and add', () => {
  it('checks a new franchise title live: Создать, Уже существует, Создание...', async () => {
    let release: (() => void) | undefined;
    const fetchMock = stubFetch(async (url, init) => {
      if (url.startsWith('/admin/franchises/check-exists')) {
        const title = new URL(url, 'http://x').searchParams.get('title');
        return jsonResponse(
          title === 'Naruto'
            ? { exists: true, exactMatch: { id: 4, title: 'Naruto' }, similar: [] }
            : { exists: false, exactMatch: null, similar: [] },
        );
      }
      if (url === '/admin/franchises' && init?.method === 'POST') {
        await new Promise<void>((r) => {
          release = r;
        });
        return jsonResponse({ id: 9, title: 'Death Note' }, 201);
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ language: 'ru' }, <SearchSection />);
    const input = screen.getByRole('textbox', { name: 'Новая франшиза' });
    const submit = () =>
      screen.getByRole('form', { name: 'Новая франшиза' }).querySelector('button') as HTMLButtonElement;
    expect(submit().textContent).toBe('Создать');
    expect(submit().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Naruto' } });
    await settle(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(1);
    expect(submit().textContent).toBe('Уже существует');
    expect(submit().disabled).toBe(true);
    expect(screen.getByText('Франшиза "Naruto" уже существует')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Death Note' } });
    await settle(300);
    expect(submit().textContent).toBe('Создать');
    fireEvent.click(submit());
    await settle(0);
    expect(submit().textContent).toBe('Создание...');
    release?.();
    await settle(0);
    expect(screen.getByText('Выбрана франшиза: Death Note')).toBeTruthy();
    // The success banner hides after 5 seconds.
    expect(screen.getByText('Франшиза "Death Note" создана')).toBeTruthy();
    await settle(5000);
    expect(screen.queryByText('Франшиза "Death Note" создана')).toBeNull();
  });

  it('adds an anime; a 409 names the existing anime and its id', async () => {
    const calls: unknown[] = [];
    stubFetch(async (url, init) => {
      if (url.startsWith('/admin/search/anime/combined'))
        return jsonResponse({
          shikimori: [shikimori],
          anilist: [anilist],
          matches: [{ shikimori, anilist, bestTitle: 'Death Note', similarity: 75 }],
          unavailable: [],
        });
      if (url.startsWith('/admin/animes/check-exists')) return jsonResponse({ error: 'down' }, 503);
      if (url === '/admin/animes/quick-add') {
        calls.push(JSON.parse(String(init?.body)));
        return jsonResponse(
          { error: 'exists', details: { anime: { id: 12, title: 'Тетрадь смерти' } } },
          409,
        );
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({ language: 'ru' }, <SearchSection />);
    fireEvent.click(screen.getByRole('tab', { name: 'Аниме' }));
    const search = screen.getByRole('searchbox', { name: 'Найти аниме' });
    expect(search.getAttribute('placeholder')).toBe('Поиск: Комбинированный');
    fireEvent.change(search, { target: { value: 'D' } });
    await settle(300);
    expect(screen.queryByText('совпадение 75%')).toBeNull();
    fireEvent.change(search, { target: { value: 'Death' } });
    await settle(300);
    const badge = screen.getByText('совпадение 75%');
    expect(badge.className).toContain('admin-similarity--yellow');
    // A failed existence check counts as not existing: the buttons stay enabled.
    const both = screen.getByRole('button', { name: 'Добавить с обоими ID' }) as HTMLButtonElement;
    expect(both.disabled).toBe(false);
    fireEvent.click(both);
    await settle(0);
    expect(calls).toEqual([
      { franchiseId: null, createFranchise: true, shikimoriId: 1535, anilistId: 1535, title: 'Death Note' },
    ]);
    expect(screen.getByRole('alert').textContent).toBe(
      'Аниме "Тетрадь смерти" уже существует в базе (ID: 12)',
    );
    expect((screen.getAllByRole('button', { name: 'Уже добавлено' })[0] as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('on a 409 from create warns that the franchise exists and selects it; other failures show the server text', async () => {
    let created = false;
    stubFetch(async (url, init) => {
      if (url.startsWith('/admin/franchises/check-exists'))
        return jsonResponse(
          created && new URL(url, 'http://x').searchParams.get('title') === 'Naruto'
            ? { exists: true, exactMatch: { id: 4, title: 'Naruto' }, similar: [] }
            : { exists: false, exactMatch: null, similar: [] },
        );
      if (url === '/admin/franchises' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { title: string };
        if (body.title === 'Bleach') return jsonResponse({ error: 'database is read-only' }, 503);
        created = true;
        return jsonResponse({ error: 'exists' }, 409);
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ language: 'ru' }, <SearchSection />);
    const input = screen.getByRole('textbox', { name: 'Новая франшиза' });
    const form = screen.getByRole('form', { name: 'Новая франшиза' });
    fireEvent.change(input, { target: { value: 'Naruto' } });
    await settle(300);
    fireEvent.submit(form);
    await settle(0);
    await settle(0);
    expect(screen.getByRole('alert').textContent).toBe('Франшиза "Naruto" уже существует');
    expect(screen.getByText('Выбрана франшиза: Naruto')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Bleach' } });
    await settle(300);
    fireEvent.submit(form);
    await settle(0);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('database is read-only');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Введите название франшизы');
  });
});
