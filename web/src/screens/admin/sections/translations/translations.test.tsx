import { fireEvent, screen } from '@testing-library/react';
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
