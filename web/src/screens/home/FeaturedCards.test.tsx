import { FEATURED_CARDS_MAX } from '@acg/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { FEATURED_PLACES } from './FeaturedPlaceholder';
import { HomeScreen } from './HomeScreen';

const FEATURED = {
  cards: [
    {
      id: 41,
      characterName: 'Frieren',
      animeTitle: 'Frieren: Beyond Journey’s End',
      limited: true,
      Rank: { code: 'X', title: 'Exclusive', color: '#00e5ff', imageUrl: null },
    },
    {
      id: 7,
      characterName: 'Ein',
      animeTitle: null,
      limited: false,
      Rank: { code: 'E', title: 'Common', color: '#9e9e9e', imageUrl: null },
    },
  ],
};

/** Answers the home page's calls; `featured` answers GET /api/cards/featured. */
const homeCalls = (featured: () => Promise<Response>) =>
  stubFetch((url) => {
    if (url === '/api/cards/featured') return featured();
    if (url === '/api/stats') return Promise.resolve(jsonResponse({ users: 1, anime: 2, cards: 3 }));
    if (url.startsWith('/api/news')) return Promise.resolve(jsonResponse([]));
    return new Promise<Response>(() => {}); // pictures stay on their way
  });

const section = (name: RegExp | string) => screen.getByRole('region', { name });

describe('home for a visitor (issue 22 item 7)', () => {
  it('shows the featured cards: the card image, the character, the series and the rank', async () => {
    homeCalls(async () => jsonResponse(FEATURED));
    renderPage({ user: null }, <HomeScreen />);
    await screen.findByText('Frieren');
    const cards = within(section('Cards you can collect')).getAllByRole('listitem');
    expect(cards.map((li) => li.querySelector('figcaption')?.textContent)).toEqual([
      'FrierenFrieren: Beyond Journey’s EndX Exclusive · Limited',
      'EinE Common',
    ]);
    // Each is the card image itself (drawn with the card's print and rank by the image service).
    expect(cards.map((li) => li.querySelectorAll('.featured__image').length)).toEqual([1, 1]);
  });

  it('names the cards in the page language: the character, the series and the rank title', async () => {
    const [frieren] = FEATURED.cards;
    homeCalls(async () =>
      jsonResponse({
        cards: [
          {
            ...frieren,
            characterNames: { ru: 'Фрирен' },
            animeTitles: { ru: 'Провожающая в последний путь Фрирен' },
            Rank: { ...frieren!.Rank, titles: { ru: 'Эксклюзивная' } },
          },
        ],
      }),
    );
    renderPage({ user: null, language: 'ru' }, <HomeScreen />);
    await screen.findByText('Фрирен');
    const [card] = within(section('Карточки, которые можно собрать')).getAllByRole('listitem');
    expect(card!.querySelector('figcaption')?.textContent).toBe(
      'ФриренПровожающая в последний путь ФриренX Эксклюзивная · Лимитированная',
    );
  });

  it('holds the cards’ place with empty tiles while they load, as many as the server may send', async () => {
    expect(FEATURED_PLACES).toBe(FEATURED_CARDS_MAX);
    homeCalls(() => new Promise<Response>(() => {}));
    renderPage({ user: null }, <HomeScreen />);
    const busy = section('Cards you can collect');
    await within(busy).findByText('Loading cards…');
    expect(busy.querySelectorAll('.featured__list--empty > li')).toHaveLength(FEATURED_CARDS_MAX);
  });

  it('says how to get cards: sign in, the bot command, trades, and the invite link when there is one', async () => {
    homeCalls(async () => jsonResponse(FEATURED));
    const view = renderPage({ user: null, botInvite: 'https://discord.gg/cards' }, <HomeScreen />);
    const howTo = section('How to get cards');
    expect(
      within(howTo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sign in with Discord: your collection, likes and trades live in your profile.',
      'In a Discord server with our card bot, type /card: the bot gives you a random card, added to your collection at once.',
      'Trade cards with other fans on the Trades page.',
    ]);
    expect(within(howTo).getByText('/card').tagName).toBe('CODE');
    expect(
      within(howTo).getByRole('link', { name: 'Add the card bot to Discord' }).getAttribute('href'),
    ).toBe('https://discord.gg/cards');
    view.unmount();

    // Signed in, in Russian, with no invite configured: no sign-in step, no link, a note instead.
    renderPage({ user: user(), language: 'ru' }, <HomeScreen />);
    const ru = section('Как получить карточки');
    expect(within(ru).getAllByRole('listitem')).toHaveLength(2);
    expect(within(ru).getByText('/card')).toBeTruthy();
    expect(within(ru).queryByRole('link', { name: 'Добавить бота в Discord' })).toBeNull();
    expect(within(ru).getByText(/Спросите на своём сервере/)).toBeTruthy();
  });

  it('shows a failed load of the cards in place, in the page language, with a retry', async () => {
    let failing = true;
    homeCalls(async () =>
      failing ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(FEATURED),
    );
    renderPage({ language: 'ru' }, <HomeScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Не удалось загрузить карточки Повторить');
    // The rest of home is there: the counters loaded.
    await screen.findByText('Пользователи');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Frieren');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
