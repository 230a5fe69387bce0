import type enServer from '../locales/en/server.json';
import { keysOf, t, type Values } from './translate';

type Base<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/**
 * Why a member's trade call was refused (requirements M8: the trade page's alert shows the server's
 * text). Trades and inventory throw with the English text and `details.reason` plus the values;
 * the trades service and the bot answer in the caller's language (rules §34). The texts are
 * `server.trades.<reason>`.
 */
export type TradeRefusal = Base<keyof (typeof enServer)['trades']>;

const REASONS: ReadonlySet<string> = new Set(keysOf('trades'));
export const isTradeRefusal = (reason: unknown): reason is TradeRefusal =>
  typeof reason === 'string' && REASONS.has(reason);

/** A refusal's text in a language, its placeholders filled from `values` (`count` picks the form). */
export const tradeRefusalText = (reason: TradeRefusal, language: string, values: Values = {}): string =>
  t(language, `trades.${reason}`, values);

/**
 * The English text and the details of a refusal, to throw with an error class:
 * `new ConflictError(...tradeRefusal('expired'))`.
 */
export function tradeRefusal(
  reason: TradeRefusal,
  values: Readonly<Record<string, string | number>> = {},
): [message: string, details: Record<string, unknown>] {
  return [tradeRefusalText(reason, 'en', values), { reason, ...values }];
}
