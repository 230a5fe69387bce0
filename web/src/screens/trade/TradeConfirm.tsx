import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { itemName, type Trade, type TradeAction, type TradeItem } from '../../api/trades';

/** The items as one line: "Frieren ×1, Fern ×2", or "nothing". */
export function itemsLine(t: TFunction, items: TradeItem[]): string {
  if (items.length === 0) return t('trade.listNothing');
  return items.map((item) => `${itemName(item)} ${t('trade.quantity', { count: item.quantity })}`).join(', ');
}

/** Each side of a trade from the viewer's seat. */
export function sidesOf(trade: Trade, mine: boolean): { give: TradeItem[]; receive: TradeItem[] } {
  return {
    give: trade.Items.filter((item) => item.side === (mine ? 'from' : 'to')),
    receive: trade.Items.filter((item) => item.side === (mine ? 'to' : 'from')),
  };
}

/**
 * The step between "Accept" and accepting (issue 22 item 9): inside the trade, what moves each way
 * and the two choices. Focus comes here when it opens; Escape or Back returns to the trade's
 * buttons. A step in the page, not the browser's confirm().
 */
export function AcceptStep({
  trade,
  onConfirm,
  onBack,
  busy,
}: {
  trade: Trade;
  onConfirm: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const panel = useRef<HTMLFieldSetElement>(null);
  useEffect(() => panel.current?.focus(), []);
  // The recipient accepts: they give what was asked of them and receive what was offered.
  const { give, receive } = sidesOf(trade, false);
  return (
    <fieldset
      ref={panel}
      className="trade-confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) onBack();
      }}
    >
      <h4 id={`${id}-title`} className="trade-confirm__title">
        {t('trade.confirm.title')}
      </h4>
      <p id={`${id}-intro`} className="trade-confirm__intro">
        {t('trade.confirm.intro')}
      </p>
      <dl className="trade-confirm__moves">
        <dt>{t('trade.confirm.give')}</dt>
        <dd>{itemsLine(t, give)}</dd>
        <dt>{t('trade.confirm.receive')}</dt>
        <dd>{itemsLine(t, receive)}</dd>
      </dl>
      <div className="trade-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {busy ? t('trade.acting') : t('trade.confirm.accept')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onBack}>
          {t('trade.confirm.back')}
        </button>
      </div>
    </fieldset>
  );
}

/** What the page says after the user's own action on a trade. */
export interface TradeOutcome {
  action: TradeAction;
  trade: Trade;
  mine: boolean;
}

export function outcomeText(t: TFunction, { action, trade, mine }: TradeOutcome): string {
  const name = (mine ? trade.ToUser : trade.FromUser).username;
  if (action !== 'accept')
    return t(`trade.result.${action === 'decline' ? 'declined' : 'cancelled'}`, { name });
  const { give, receive } = sidesOf(trade, mine);
  return t('trade.result.accepted', { name, give: itemsLine(t, give), receive: itemsLine(t, receive) });
}
