import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavBar } from '../layout/NavBar';
import { jsonResponse, renderPage, stubFetch, user } from '../test/render';
import { LiveNotices, NOTICE_MS, noticeOf, wishNameOf } from './LiveNotices';

/** The browser's EventSource (not our code), as a stand-in the test can push frames through. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private readonly handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  fail() {
    this.readyState = 2;
    for (const h of this.handlers.get('error') ?? []) h(new MessageEvent('error'));
  }
  push(type: string, data: unknown) {
    for (const h of this.handlers.get(type) ?? []) h(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const ME = 7;
const pending = (id: number, to: number) => ({
  id,
  from_user_id: to === ME ? 8 : ME,
  to_user_id: to,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00Z',
  FromUser: { username: 'a' },
  ToUser: { username: 'b' },
  Items: [],
});

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the live stream on the page', () => {
  it('opens one stream for a signed-in user and none for a guest', () => {
    stubFetch(async () => jsonResponse([]));
    renderPage({ user: null }, <NavBar />);
    expect(FakeEventSource.opened).toHaveLength(0);
    renderPage({ user: user({ id: ME }) }, <NavBar />);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
  });

  it('counts incoming pending offers on the badge and re-reads on a trade event and on resync', async () => {
    let trades = [pending(1, ME), pending(2, 8)];
    const fetchMock = stubFetch(async () => jsonResponse(trades));
    renderPage({ user: user({ id: ME }) }, <NavBar />);
    expect((await screen.findByTestId('trade-badge')).textContent).toBe('1Pending offers: 1');
    trades = [pending(1, ME), pending(2, 8), pending(3, ME)];
    const stream = FakeEventSource.opened[0]!;
    await act(async () =>
      stream.push('trade.created', { tradeId: 3, fromUserId: 8, toUserId: ME, status: 'created' }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('trade-badge').textContent).toBe('2Pending offers: 2'));
    trades = [];
    const reads = fetchMock.mock.calls.length;
    // A first connection (or one after missed events) asks every reader to read again.
    await act(async () => stream.push('ready', { userId: ME, resync: true }));
    await vi.waitFor(() => expect(screen.queryByTestId('trade-badge')).toBeNull());
    expect(fetchMock.mock.calls.length).toBe(reads + 1);
    // A replayed reconnect does not.
    await act(async () => stream.push('ready', { userId: ME, resync: false }));
    expect(fetchMock.mock.calls.length).toBe(reads + 1);
  });

  it('stops after a sign-out, and keeps the browser reconnecting after a shutdown', async () => {
    stubFetch(async () => jsonResponse([]));
    renderPage({ user: user({ id: ME }) }, <NavBar />);
    const stream = FakeEventSource.opened[0]!;
    await act(async () => stream.push('closed', { reason: 'shutdown' }));
    expect(stream.closed).toBe(false);
    await act(async () => stream.push('closed', { reason: 'signed-out' }));
    expect(stream.closed).toBe(true);
  });
});

describe('a refused stream', () => {
  it('is opened again after 5 s, doubling, and back to 5 s once it is ready', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(async () => jsonResponse([]));
      renderPage({ user: user({ id: ME }) }, <NavBar />);
      FakeEventSource.opened[0]!.fail();
      vi.advanceTimersByTime(4999);
      expect(FakeEventSource.opened).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.opened).toHaveLength(2);
      FakeEventSource.opened[1]!.fail();
      vi.advanceTimersByTime(9999);
      expect(FakeEventSource.opened).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.opened).toHaveLength(3);
      act(() => FakeEventSource.opened[2]!.push('ready', { userId: ME, resync: true }));
      FakeEventSource.opened[2]!.fail();
      vi.advanceTimersByTime(5000);
      expect(FakeEventSource.opened).toHaveLength(4);
      // Signed out: no more attempts.
      act(() => FakeEventSource.opened[3]!.push('closed', { reason: 'signed-out' }));
      FakeEventSource.opened[3]!.fail();
      vi.advanceTimersByTime(120_000);
      expect(FakeEventSource.opened).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live notices', () => {
  const msg = (type: string, data: Record<string, unknown>) =>
    ({ type, data }) as Parameters<typeof noticeOf>[0];

  it("tell a user about the other party's moves and the bot's drops, never their own", () => {
    expect(noticeOf(msg('trade.created', { fromUserId: 8, toUserId: ME }), ME)).toBe('offer');
    expect(noticeOf(msg('trade.created', { fromUserId: ME, toUserId: 8 }), ME)).toBeUndefined();
    expect(noticeOf(msg('trade.accepted', { fromUserId: ME, toUserId: 8 }), ME)).toBe('accepted');
    expect(noticeOf(msg('trade.accepted', { fromUserId: 8, toUserId: ME }), ME)).toBeUndefined();
    expect(noticeOf(msg('trade.declined', { fromUserId: ME, toUserId: 8 }), ME)).toBe('declined');
    expect(noticeOf(msg('trade.cancelled', { fromUserId: 8, toUserId: ME }), ME)).toBe('cancelled');
    expect(noticeOf(msg('trade.cancelled', { fromUserId: ME, toUserId: 8 }), ME)).toBeUndefined();
    expect(noticeOf(msg('inventory.granted', { source: 'drop' }), ME)).toBe('drop');
    expect(noticeOf(msg('inventory.granted', { source: 'admin' }), ME)).toBeUndefined();
  });

  it('tell a fan about a wished character dropped or offered, named in the page’s language', () => {
    const drop = msg('wish.alerted', {
      reason: 'drop',
      characterName: 'Frieren',
      characterNames: { en: 'Frieren', ru: 'Фрирен' },
    });
    expect(noticeOf(drop, ME)).toBe('wishDrop');
    expect(noticeOf(msg('wish.alerted', { reason: 'trade', tradeId: 4 }), ME)).toBe('wishTrade');
    expect(wishNameOf(drop, 'ru')).toBe('Фрирен');
    expect(wishNameOf(msg('wish.alerted', { characterName: 'Fern' }), 'ru')).toBe('Fern');
  });

  it('show an incoming offer and a drop in the polite live region, in Russian too', async () => {
    stubFetch(async () => jsonResponse([]));
    renderPage({ user: user({ id: ME }), language: 'ru' }, <LiveNotices />);
    const stream = FakeEventSource.opened[0]!;
    await act(async () => stream.push('trade.created', { tradeId: 4, fromUserId: 8, toUserId: ME }));
    await act(async () => stream.push('inventory.granted', { cardId: 1, entryId: 2, source: 'drop' }));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect([...region.querySelectorAll('.live-notice')].map((n) => n.textContent)).toEqual([
      'Вам предложили обмен. К обменам×',
      'В вашу коллекцию выпала новая карта. В профиль',
    ]);
    expect(screen.getByRole('button', { name: 'Скрыть уведомление' })).toBeTruthy();
  });

  const offers = () =>
    [...document.querySelectorAll('.live-notice[data-kind="offer"]')].map((n) =>
      n.getAttribute('data-trade-id'),
    );

  it('keep an offer while it is pending and clear it once it is settled, whoever settled it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubFetch(async () => jsonResponse([]));
      renderPage({ user: user({ id: ME }) }, <LiveNotices />);
      const stream = FakeEventSource.opened[0]!;
      await act(async () => stream.push('trade.created', { tradeId: 4, fromUserId: 8, toUserId: ME }));
      await act(async () => stream.push('trade.created', { tradeId: 5, fromUserId: 9, toUserId: ME }));
      await act(async () => stream.push('inventory.granted', { cardId: 1, entryId: 2, source: 'drop' }));
      // A drop goes after 8 s; the offers stay while pending.
      await act(async () => vi.advanceTimersByTime(NOTICE_MS + 100));
      expect(document.querySelectorAll('.live-notice[data-kind="drop"]')).toHaveLength(0);
      expect(offers()).toEqual(['4', '5']);
      // The user accepted offer 4 (here, in another tab or through the bot): no notice of their own
      // move, and the offer's notice goes. Offer 5 stays.
      await act(async () =>
        stream.push('trade.accepted', { tradeId: 4, fromUserId: 8, toUserId: ME, status: 'accepted' }),
      );
      expect(offers()).toEqual(['5']);
      expect(screen.getByRole('status').textContent).not.toMatch(/accepted/);
      // Expired, cancelled or declined: the same.
      await act(async () => stream.push('trade.expired', { tradeId: 5, fromUserId: 9, toUserId: ME }));
      expect(offers()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clear an offer that a newer read of the pending trades no longer lists (events missed)', async () => {
    let trades = [pending(6, ME)];
    stubFetch(async () => jsonResponse(trades));
    renderPage(
      { user: user({ id: ME }) },
      <>
        <NavBar />
        <LiveNotices />
      </>,
    );
    const stream = FakeEventSource.opened[0]!;
    await act(async () => stream.push('trade.created', { tradeId: 6, fromUserId: 8, toUserId: ME }));
    // The badge re-reads on the event: the trade is pending, the notice stays.
    await vi.waitFor(() => expect(screen.getByTestId('trade-badge').textContent).toBe('1Pending offers: 1'));
    expect(offers()).toEqual(['6']);
    // Settled while the stream was down: the resync's read no longer lists it.
    trades = [];
    await act(async () => stream.push('ready', { userId: ME, resync: true }));
    await vi.waitFor(() => expect(offers()).toEqual([]));
  });
});
