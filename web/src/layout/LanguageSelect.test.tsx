import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../test/render';
import { LanguageSelect } from './LanguageSelect';

describe('LanguageSelect', () => {
  const reload = vi.fn();

  beforeEach(() => {
    reload.mockReset();
    // The browser's location.reload cannot be spied on in jsdom; replace location instead.
    vi.stubGlobal('location', { ...window.location, reload });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('posts the choice as JSON and reloads 100 ms after success', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: true }));
    renderPage({ language: 'en' }, <LanguageSelect />);

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ru' } });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/change-language/ru');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{}');

    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload, restores the selection and says so when the change fails', async () => {
    stubFetch(async () => jsonResponse({ success: false }));
    renderPage({ language: 'en' }, <LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language' });

    fireEvent.change(select, { target: { value: 'ru' } });
    await act(() => vi.advanceTimersByTimeAsync(500));

    expect(reload).not.toHaveBeenCalled();
    expect(select).toHaveProperty('value', 'en');
    expect(screen.getByRole('status').textContent).toBe('Could not change the language. Please try again.');
  });

  it('treats a network failure like a refusal', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderPage({ language: 'ru' }, <LanguageSelect />);

    fireEvent.change(screen.getByRole('combobox', { name: 'Язык' }), { target: { value: 'en' } });
    await act(() => vi.advanceTimersByTimeAsync(500));

    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Не удалось сменить язык. Попробуйте ещё раз.');
  });

  it('offers the languages added in the admin area by their own names, and switches to one', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: true }));
    renderPage({ language: 'en', languages: ['de', 'ja'] }, <LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = [...select.querySelectorAll('option')].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['en', 'English'],
      ['ru', 'Русский'],
      ['de', 'Deutsch'],
      ['ja', '日本語'],
    ]);

    fireEvent.change(select, { target: { value: 'de' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/change-language/de');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders an added language with its translations and English for the texts it lacks', () => {
    renderPage(
      { language: 'de', languages: ['de'], translations: { language: { label: 'Sprache' } } },
      <LanguageSelect />,
    );
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    expect(select).toHaveProperty('value', 'de');
    expect(screen.getByRole('option', { name: 'English' })).toBeTruthy();
  });
});
