import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, expectMessage } from '../../test/dialogs';
import { jsonResponse, renderPage, stubFetch, user } from '../../test/render';
import { TradeScreen } from './TradeScreen';

const ME = 7;
const person = (id: number, username: string) => ({ id, username, avatar: null, discordId: `10000${id}` });
const item = (id: number, side: 'from' | 'to', name: string, quantity = 1) => ({
  id,
  side,
  quantity,
  cardId: 200 + id,
  Inventory: {
    id: 300 + id,
    cardId: 200 + id,
    Card: { id: 200 + id, imageUrl: null, Character: { name } },
    Character: { name },
  },
});
const trade = (id: number, from: number, to: number, status = 'pending', extra = {}) => ({
  id,
  from_user_id: from,
  to_user_id: to,
  status,
  description: `Trade number ${id}`,
  message: null,
  createdAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-11-27T10:00:00Z',
  FromUser: from === ME ? person(ME, 'sakura_fan') : person(from, 'naruto_fan'),
  ToUser: to === ME ? person(ME, 'sakura_fan') : person(to, 'naruto_fan'),
  Items: [item(id * 10 + 1, 'from', 'Frieren'), item(id * 10 + 2, 'to', 'Fern', 2)],
  ...extra,
});
const copy = (inventoryId: number, characterName: string, free = 1) => ({
  inventoryId,
  cardId: inventoryId + 1000,
  characterName,
  imageUrl: null,
  limited: false,
  rank: { code: 'S', title: 'Super', color: '#f44336' },
  free,
});

type Answer = (init?: RequestInit) => Promise<Response>;
function api(over: Record<string, Answer> = {}) {
  return stubFetch(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (over[key]) return over[key](init);
    if (key === 'GET /trade/api/my?status=pending') return jsonResponse([trade(1, 8, ME), trade(2, ME, 8)]);
    if (key.startsWith('GET /trade/api/my')) return jsonResponse([]);
    if (key.startsWith('GET /api/users?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      const all = [person(ME, 'sakura_fan'), person(8, 'naruto_fan'), person(9, 'rem_fan')];
      return jsonResponse(all.filter((p) => p.username.includes(q.toLowerCase())));
    }
    if (key === 'GET /api/collectors/8')
      return jsonResponse({
        user: { id: 8, displayName: 'naruto_fan', avatar: null, discordId: '100008' },
        hidden: false,
        self: false,
        cards: [],
        stats: null,
      });
    if (key === `GET /api/inventory/tradeable?user_id=${ME}`)
      return jsonResponse([copy(1, 'Frieren'), copy(2, 'Himmel', 0)]);
    if (key === 'GET /api/inventory/tradeable?user_id=8')
      return jsonResponse([copy(5, 'Fern'), copy(6, 'Stark')]);
    return jsonResponse({ error: 'not found' }, 404);
  });
}

const show = (language: 'en' | 'ru' = 'en') =>
  renderPage({ path: '/trade', user: user({ id: ME, username: 'sakura_fan' }), language }, <TradeScreen />);
const trades = () => [...document.querySelectorAll<HTMLElement>('.trade-card')];

afterEach(() => vi.restoreAllMocks());

describe('TradeScreen: the lists', () => {
  it('shows four status tabs and the pending trades with counterpart, date, badge, description and both sides', async () => {
    api();
    show();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending',
      'Accepted',
      'Declined',
      'Cancelled',
    ]);
    expect(screen.getByText('Loading…', { exact: false })).toBeTruthy();
    await screen.findByText('Offer from naruto_fan');
    const [incoming, outgoing] = trades() as [HTMLElement, HTMLElement];
    expect(within(incoming).getByText('Pending').className).toBe('status-badge');
    expect(within(incoming).getByText('Pending').dataset.status).toBe('pending');
    expect(within(incoming).getByText('Trade number 1')).toBeTruthy();
    expect(within(incoming).getByRole('time').getAttribute('datetime')).toBe('2026-11-20T10:00:00Z');
    // The recipient gives the `to` side and receives the `from` side.
    const [gives, receives] = within(incoming)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.parentElement!);
    expect(gives!.textContent).toContain('You give');
    expect(gives!.textContent).toContain('Fern×2');
    expect(receives!.textContent).toContain('Frieren×1');
    expect(
      within(incoming)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Decline']);
    expect(within(outgoing).getByText('Offer to naruto_fan')).toBeTruthy();
    expect(
      within(outgoing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
  });

  it('shows no actions on finished trades and an empty text on an empty tab', async () => {
    api({ 'GET /trade/api/my?status=accepted': async () => jsonResponse([trade(3, 8, ME, 'accepted')]) });
    show();
    await screen.findByText('Offer from naruto_fan');
    fireEvent.click(screen.getByRole('tab', { name: 'Accepted' }));
    await screen.findByText('Trade number 3');
    expect(within(trades()[0]!).queryAllByRole('button')).toEqual([]);
    expect(within(trades()[0]!).getByText('Accepted').dataset.status).toBe('accepted');
    fireEvent.click(screen.getByRole('tab', { name: 'Declined' }));
    expect(await screen.findByText('No declined trades.')).toBeTruthy();
  });

  it('disables the buttons while an action runs, then reads the list again', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = api({
      'POST /trade/api/1/accept': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    show();
    await screen.findByText('Offer from naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
    const buttons = within(trades()[0]!).getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.map((b) => b.disabled)).toEqual([true, true]);
    expect(buttons[0]!.textContent).toBe('...');
    const reads = fetchMock.mock.calls.filter(([u]) => u === '/trade/api/my?status=pending').length;
    await act(async () => release(jsonResponse({ id: 1, status: 'accepted' })));
    expect(fetchMock.mock.calls.filter(([u]) => u === '/trade/api/my?status=pending').length).toBe(reads + 1);
  });

  it('asks before accepting, listing what moves each way; Back changes nothing', async () => {
    const fetchMock = api();
    show();
    await screen.findByText('Offer from naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const step = within(trades()[0]!).getByRole('group', { name: 'Accept this trade?' });
    // Trade 1 comes from naruto_fan: Frieren is offered to me, Fern ×2 is asked of me.
    expect([...step.querySelectorAll('dt, dd')].map((el) => el.textContent)).toEqual([
      'You give',
      'Fern ×2',
      'You receive',
      'Frieren ×1',
    ]);
    expect(document.activeElement).toBe(step);
    fireEvent.click(within(step).getByRole('button', { name: 'Back' }));
    expect(
      within(trades()[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Decline']);
    // Escape leaves the step too; nothing was sent either time.
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.keyDown(within(trades()[0]!).getByRole('group'), { key: 'Escape' });
    expect(within(trades()[0]!).queryByRole('group')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('accepts once confirmed and says what moved, in Russian too', async () => {
    const fetchMock = api({
      'POST /trade/api/1/accept': async () => jsonResponse({ id: 1, status: 'accepted' }),
    });
    show('ru');
    await screen.findByText('Предложение от naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Принять' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, принять' }));
    const message = await screen.findByText(/^Обмен с naruto_fan принят/);
    expect(message.textContent).toBe(
      'Обмен с naruto_fan принят. Вы получили: Frieren ×1. Вы отдали: Fern ×2.',
    );
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/trade/api/1/accept')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть сообщение' }));
    expect(screen.queryByText(/^Обмен с naruto_fan принят/)).toBeNull();
  });

  it("shows the server's refusal, else the spec's action-failure text", async () => {
    api({
      'POST /trade/api/1/decline': async () =>
        jsonResponse({ error: 'This trade is no longer pending' }, 409),
    });
    show();
    await screen.findByText('Offer from naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This trade is no longer pending');
  });

  it("falls back to 'Ошибка выполнения действия' in Russian", async () => {
    api({ 'POST /trade/api/2/cancel': async () => new Response('boom', { status: 500 }) });
    show('ru');
    await screen.findByText('Предложение для naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка выполнения действия');
  });

  it("shows 'Ошибка выполнения действия' when the request never reaches the server, not the browser's text", async () => {
    api({
      'POST /trade/api/2/cancel': async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    show('ru');
    await screen.findByText('Предложение для naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка выполнения действия');
  });
});

describe('TradeScreen: the create form', () => {
  const openForm = async () => {
    await screen.findByText('Offer from naruto_fan');
    const toggle = screen.getByRole('button', { name: 'New trade' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByLabelText('Recipient');
  };
  const chooseRecipient = async (label: string, text: string, name: string) => {
    fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
    fireEvent.click(await screen.findByRole('button', { name }));
  };

  it('finds the recipient by name with a search box (never the current user), and lists the own copies', async () => {
    const fetchMock = api();
    show();
    await openForm();
    // No list of every member: nothing is asked before something is typed.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: '_fan' } });
    const found = await screen.findByRole('button', { name: 'naruto_fan' });
    expect(
      [...(found.closest('ul') as HTMLElement).querySelectorAll('button')].map((b) => b.textContent),
    ).toEqual(['naruto_fan', 'rem_fan']);
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'nobody' } });
    await screen.findByText('No fan matches this name.');
    const give = document.querySelector('[data-picker="give"]') as HTMLElement;
    expect(
      ((await within(give).findByRole('checkbox', { name: /Frieren/ })) as HTMLInputElement).disabled,
    ).toBe(false);
    expect((within(give).getByRole('checkbox', { name: /Himmel/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Choose the recipient to see their cards.')).toBeTruthy();
  });

  it('shows the empty-trade message when nothing is chosen, and sends nothing', async () => {
    const fetchMock = api();
    show();
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Offer the trade' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose a recipient and at least one card to give or to receive.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("offers ticked own copies for ticked copies of the recipient's, each with quantity 1", async () => {
    let sent: unknown;
    api({
      'POST /trade/api': async (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ id: 9 }, 201);
      },
    });
    show();
    await openForm();
    await chooseRecipient('Recipient', 'naru', 'naruto_fan');
    expect(screen.getByText(/^Recipient: naruto_fan/).closest('[role="status"]')?.textContent).toContain(
      'Recipient: naruto_fan',
    );
    const receive = (await screen.findByRole('checkbox', { name: /Stark/ })).closest(
      'fieldset',
    ) as HTMLElement;
    fireEvent.change(within(receive).getByRole('searchbox'), { target: { value: 'fer' } });
    expect(
      within(receive)
        .getAllByRole('checkbox')
        .map((c) => (c.closest('label') as HTMLElement).textContent),
    ).toEqual(['FernS']);
    fireEvent.click(within(receive).getByRole('checkbox', { name: /Fern/ }));
    const give = document.querySelector('[data-picker="give"]') as HTMLElement;
    fireEvent.click(within(give).getByRole('checkbox', { name: /Frieren/ }));
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: ' Swap? ' } });
    fireEvent.change(screen.getByLabelText('What you want (optional)'), { target: { value: 'Any S rank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offer the trade' }));
    await screen.findByRole('button', { name: 'New trade' });
    expect(sent).toEqual({
      toUserId: 8,
      fromItems: [{ inventoryId: 1, quantity: 1 }],
      toItems: [{ inventoryId: 5, quantity: 1 }],
      description: 'Swap?',
      message: 'Any S rank',
    });
  });

  it('opens the form with the recipient chosen when the page is /trade?to={id} (a collector’s “offer a trade”)', async () => {
    api();
    renderPage(
      { path: '/trade?to=8', user: user({ id: ME, username: 'sakura_fan' }), language: 'en' },
      <TradeScreen />,
    );
    expect(
      (await screen.findByText(/^Recipient: naruto_fan/)).closest('[role="status"]')?.textContent,
    ).toContain('Recipient: naruto_fan');
    expect(screen.getByRole('button', { name: 'Hide the form' }).getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('checkbox', { name: /Stark/ });
    fireEvent.click(screen.getByRole('button', { name: 'Choose someone else' }));
    expect(screen.getByLabelText('Recipient')).toBeTruthy();
  });

  it("says the server's error text, else 'Ошибка создания обмена'", async () => {
    // null: the request never reaches the server (the browser's fetch fails).
    let answer: Response | null = jsonResponse({ error: 'Those copies are held by another trade' }, 409);
    api({
      'POST /trade/api': async () => {
        if (answer === null) throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    show('ru');
    await screen.findByText('Предложение от naruto_fan');
    fireEvent.click(screen.getByRole('button', { name: 'Создать обмен' }));
    await chooseRecipient('Получатель', 'naruto', 'naruto_fan');
    const give = document.querySelector('[data-picker="give"]') as HTMLElement;
    fireEvent.click(await within(give).findByRole('checkbox', { name: /Frieren/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Предложить обмен' }));
    await expectMessage('Those copies are held by another trade');
    answer = new Response('', { status: 502 });
    await clearMessages();
    fireEvent.click(screen.getByRole('button', { name: 'Предложить обмен' }));
    await expectMessage('Ошибка создания обмена');
    // No answer at all: there is no server text, so the spec's message, not the browser's.
    answer = null;
    await clearMessages();
    fireEvent.click(screen.getByRole('button', { name: 'Предложить обмен' }));
    await expectMessage('Ошибка создания обмена');
  });
});
