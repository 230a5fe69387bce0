import type {
  PublicUser,
  Trade as TradeAnswer,
  TradeableCopy,
  TradeItem as TradeItemAnswer,
} from '@acg/contracts';
import { HttpError } from './http';

// The answers' types come from the contracts (client-contract.ts).
export type Trade = TradeAnswer;
export type TradeItem = TradeItemAnswer;
export type TradeUser = Trade['FromUser'];
export type TradePartner = PublicUser;
export type { TradeableCopy };

/** The four statuses the trade page shows (requirements M4); the server may also say `expired`. */
export const TRADE_TABS = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];
export type TradeAction = 'accept' | 'decline' | 'cancel';

/** The character's name of an item, wherever the answer put it. */
export const itemName = (item: Pick<TradeItem, 'Inventory'>): string =>
  item.Inventory.Character?.name ?? item.Inventory.Card.Character?.name ?? '?';

export { HttpError };
