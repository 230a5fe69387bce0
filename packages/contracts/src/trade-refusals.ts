import { bundledLanguageOf } from './users';

/**
 * Why a member's trade call was refused, in both bundled languages (spec 1 §8: the trade page's
 * alert shows the server's text). Trades and inventory throw with the English text and
 * `details.reason` plus the values; the trades service answers in the caller's language
 * (rules §34). `{name}` placeholders are filled from the error's details.
 */
export const TRADE_REFUSALS = {
  selfTrade: { en: 'You cannot trade with yourself', ru: 'Нельзя предложить обмен самому себе' },
  noItems: {
    en: 'A trade needs at least one item on either side',
    ru: 'Добавьте в обмен хотя бы одну карточку',
  },
  tooManyItems: { en: 'At most {max} items per side', ru: 'Не больше {max} карточек с каждой стороны' },
  listedTwice: {
    en: 'Inventory item {inventoryId} is listed more than once',
    ru: 'Карточка {inventoryId} указана в обмене дважды',
  },
  recipientNotFound: { en: 'Recipient {toUserId} not found', ru: 'Получатель {toUserId} не найден' },
  tradeNotFound: { en: 'Trade {tradeId} not found', ru: 'Обмен {tradeId} не найден' },
  notYourTrade: { en: 'This trade is not yours', ru: 'Это не ваш обмен' },
  onlySenderCancels: {
    en: 'Only the sender can cancel this trade',
    ru: 'Отменить обмен может только отправитель',
  },
  onlyRecipientAccepts: {
    en: 'Only the recipient can accept this trade',
    ru: 'Принять обмен может только получатель',
  },
  onlyRecipientDeclines: {
    en: 'Only the recipient can decline this trade',
    ru: 'Отклонить обмен может только получатель',
  },
  alreadyAccepted: { en: 'This trade is already accepted', ru: 'Обмен уже принят' },
  alreadyDeclined: { en: 'This trade is already declined', ru: 'Обмен уже отклонён' },
  alreadyCancelled: { en: 'This trade is already cancelled', ru: 'Обмен уже отменён' },
  beingAccepted: { en: 'This trade is being accepted', ru: 'Обмен уже принимается' },
  notPending: { en: 'This trade is no longer pending', ru: 'Обмен больше не ждёт ответа' },
  expired: { en: 'This trade has expired', ru: 'Срок обмена истёк' },
  notCompleted: {
    en: 'The trade could not be completed; please try again',
    ru: 'Обмен не удалось завершить, попробуйте ещё раз',
  },
  acceptInProgress: {
    en: 'The trade is being accepted; please check again shortly',
    ru: 'Обмен принимается, проверьте чуть позже',
  },
  itemNotFound: {
    en: 'Inventory item {inventoryId} not found',
    ru: 'Карточка {inventoryId} не найдена в инвентаре',
  },
  itemNotYours: {
    en: 'Inventory item {inventoryId} is not yours',
    ru: 'Карточка {inventoryId} вам не принадлежит',
  },
  itemNotRecipients: {
    en: 'Inventory item {inventoryId} does not belong to the recipient',
    ru: 'Карточка {inventoryId} не принадлежит получателю',
  },
  senderNoLongerHolds: {
    en: 'The sender no longer holds inventory item {inventoryId}',
    ru: 'У отправителя больше нет карточки {inventoryId}',
  },
  recipientNoLongerHolds: {
    en: 'The recipient no longer holds inventory item {inventoryId}',
    ru: 'У получателя больше нет карточки {inventoryId}',
  },
  cardRemoved: {
    en: 'The card of inventory item {inventoryId} was removed from the catalogue',
    ru: 'Карточка {inventoryId} удалена из каталога',
  },
  fewFreeOwn: {
    en: 'You have only {free} free {copies} of {name} (inventory item {inventoryId}), {asked} asked',
    ru: 'Свободных копий «{name}» (карточка {inventoryId}) у вас {free}, а в обмене {asked}',
  },
  fewFreeRecipient: {
    en: 'The recipient has only {free} free {copies} of {name} (inventory item {inventoryId}), {asked} asked',
    ru: 'Свободных копий «{name}» (карточка {inventoryId}) у получателя {free}, а в обмене {asked}',
  },
} as const satisfies Record<string, { en: string; ru: string }>;
export type TradeRefusal = keyof typeof TRADE_REFUSALS;

export const isTradeRefusal = (reason: unknown): reason is TradeRefusal =>
  typeof reason === 'string' && Object.hasOwn(TRADE_REFUSALS, reason);

/** A refusal's text in a language (its bundled language), its placeholders filled from `values`. */
export function tradeRefusalText(
  reason: TradeRefusal,
  language: string,
  values: Readonly<Record<string, unknown>> = {},
): string {
  return fillPlaceholders(TRADE_REFUSALS[reason][bundledLanguageOf(language)], values);
}

/** A message's `{name}` placeholders filled from `values` (text and numbers; anything else is empty). */
export function fillPlaceholders(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

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
