import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import { WishesPanel } from './WishesPanel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the most wished characters in the rarity section', () => {
  it('lists each character’s wishes, likes and demand, in Russian', async () => {
    stubFetch(async (url) =>
      url === '/admin/rarity/wishes'
        ? jsonResponse({
            top: [
              { characterId: 5, name: 'Фрирен', wishes: 4, likes: 2, demand: 14 },
              { characterId: 6, name: 'Ферн', wishes: 1, likes: 0, demand: 3 },
            ],
            totalWishes: 5,
            fans: 4,
            wishWeight: 3,
          })
        : jsonResponse({ error: 'unexpected' }, 500),
    );
    renderPage({ language: 'ru' }, <WishesPanel />);
    const row = (await screen.findByText('Фрирен')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Фрирен', '4', '2', '14']);
    expect(screen.getByText('Желаний: 5 от 4 игроков. Спрос = лайки + 3 × желания.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Желания по персонажам' })).toBeTruthy();
  });

  it('says when nobody has wished anything, and offers a retry when the read fails', async () => {
    let fail = true;
    stubFetch(async () =>
      fail
        ? jsonResponse({ error: 'Сервис недоступен' }, 503)
        : jsonResponse({ top: [], totalWishes: 0, fans: 0, wishWeight: 3 }),
    );
    renderPage({ language: 'en' }, <WishesPanel />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    retry.click();
    await screen.findByText('No fan has wished a character yet.');
  });
});
