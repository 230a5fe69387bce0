import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearMessages, expectMessage } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import TranslationsSection from './index';

/** The editor on the ru file, its import behind 'Дополнительно' (requirements O2.6, O5). */
async function openImport() {
  stubFetch(async (url) => {
    if (url === '/api/i18n') return jsonResponse([{ lang: 'ru' }]);
    if (url === '/api/i18n/ru') return jsonResponse({ nav: { home: 'Главная' } });
    return jsonResponse({ error: 'unexpected' }, 500);
  });
  renderPage({ language: 'ru' }, <TranslationsSection />);
  fireEvent.click(await screen.findByRole('button', { name: 'Дополнительно' }));
  return screen.getByLabelText('Импорт JSON') as HTMLInputElement;
}

const choose = (input: HTMLInputElement, content: string) =>
  fireEvent.change(input, {
    target: { files: [new File([content], 'ru.json', { type: 'application/json' })] },
  });

describe('the translation import', () => {
  it('refuses a file the server would refuse to save, and keeps the loaded texts', async () => {
    const input = await openImport();
    for (const content of [
      'not json',
      '[]',
      JSON.stringify({ nav: { home: 5 } }),
      JSON.stringify({ 'nav home': 'x' }),
      JSON.stringify({ nav: { count: { plural: [] } } }),
    ]) {
      await clearMessages();
      choose(input, content);
      await expectMessage('Ошибка импорта переводов');
    }
    expect(screen.getByDisplayValue('Главная')).toBeTruthy();
  });

  it('imports a valid file', async () => {
    const input = await openImport();
    choose(input, JSON.stringify({ nav: { home: 'Домой', count: { plural: ['карта', 'карты'] } } }));
    await expectMessage('Переводы импортированы');
    expect(screen.getByDisplayValue('Домой')).toBeTruthy();
  });
});

describe('the translation editor', () => {
  it('starts from the saved texts: the file and the languages are asked past the browser cache', async () => {
    const mock = stubFetch(async (url) => {
      if (url === '/api/i18n') return jsonResponse([{ lang: 'ru' }, { lang: 'en' }]);
      if (url === '/api/i18n/ru') return jsonResponse({ nav: { home: 'Главная' } });
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    renderPage({ language: 'ru' }, <TranslationsSection />);
    expect(await screen.findByDisplayValue('Главная')).toBeTruthy();
    await screen.findByRole('link', { name: 'en' });
    const asked = (url: string) => mock.mock.calls.find(([u]) => String(u) === url)?.[1];
    expect(asked('/api/i18n/ru')).toMatchObject({ cache: 'no-cache' });
    expect(asked('/api/i18n')).toMatchObject({ cache: 'no-cache' });
  });
});

describe('saving the translations', () => {
  const answers = (save: () => Response) =>
    stubFetch(async (url, init) => {
      if (url === '/api/i18n') return jsonResponse([{ lang: 'ru' }]);
      if (url === '/api/i18n/ru') return jsonResponse({ nav: { home: 'Главная' } });
      if (url.startsWith('/admin/i18n') && init?.method === 'POST') return save();
      return jsonResponse({ error: 'unexpected' }, 500);
    });

  it('says why the server refused a save, in the admin’s language, and keeps the edits', async () => {
    const reason = 'Текст «nav.home» раскрывается глубже 10 уровней';
    answers(() => jsonResponse({ error: reason }, 400));
    renderPage({ language: 'ru' }, <TranslationsSection />);
    const home = await screen.findByDisplayValue('Главная');
    fireEvent.change(home, { target: { value: 'Домой' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить переводы' }));
    await expectMessage(`Ошибка сохранения переводов: ${reason}`);
    expect(screen.getByDisplayValue('Домой')).toBeTruthy();
  });

  it('reloads after a save, and the reloaded editor says the texts were saved', async () => {
    sessionStorage.clear();
    answers(() => jsonResponse({ success: true }));
    const first = renderPage({ language: 'ru' }, <TranslationsSection />);
    await screen.findByDisplayValue('Главная');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить переводы' }));
    await waitFor(() => expect(sessionStorage.getItem('acg.i18n.saved')).toBe('ru'));
    first.unmount();
    await clearMessages();
    // The page as the reload shows it: the mark is read once.
    renderPage({ language: 'ru' }, <TranslationsSection />);
    await expectMessage('Переводы сохранены: ru');
    expect(sessionStorage.getItem('acg.i18n.saved')).toBeNull();
  });
});
