import type {
  PublicUser,
  Trade as TradeAnswer,
  TradeableCopy,
  TradeItem as TradeItemAnswer,
} from '@acg/contracts';
import { request } from './client';
import { HttpError } from './http';

// The answers' types come from the contracts (client-contract.ts).
export type Trade = TradeAnswer;
export type TradeItem = TradeItemAnswer;
export type TradeUser = Trade['FromUser'];
export type TradePartner = PublicUser;
export type { TradeableCopy };
export type TradeStats = Awaited<ReturnType<typeof getTradeStats>>;

/** The four statuses the trade page shows (spec 1 §4); the server may also say `expired`. */
export const TRADE_TABS = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];
export type TradeAction = 'accept' | 'decline' | 'cancel';

/** The character's name of an item, wherever the answer put it. */
export const itemName = (item: Pick<TradeItem, 'Inventory'>): string =>
  item.Inventory.Character?.name ?? item.Inventory.Card.Character?.name ?? '?';

/** GET /trade/api/my?status= */
export const getMyTrades = (status: TradeTab, signal?: AbortSignal) =>
  request('GET /trade/api/my', { query: { status } }, signal);

// --- administrators (spec 3 §2.5, §2.2) ---

export const ADMIN_TRADES_PAGE_SIZE = 20;
export const getTradeStats = (signal?: AbortSignal) =>
  request('GET /trade/api/admin/stats', undefined, signal);

export const getAllTrades = (offset: number, status: string, signal?: AbortSignal) =>
  request(
    'GET /trade/api/admin/all',
    { query: { limit: ADMIN_TRADES_PAGE_SIZE, offset, status: status || undefined } },
    signal,
  );

export const cleanupTrades = () => request('POST /trade/api/admin/cleanup', { body: {} });

export const getUserTrades = (userId: number, signal?: AbortSignal) =>
  request('GET /admin/users/:id/trades', { params: { id: userId } }, signal);

export { HttpError };
