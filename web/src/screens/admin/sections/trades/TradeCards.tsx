import type { TradeItem } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { cardImageUrl } from '../../../../api/images';
import { itemName } from '../../../../api/trades';
import { LoadedImage } from '../../../../components/LoadedImage';

/** The cards of a trade, sender's side first: image, character name and quantity (requirements O2.2). */
export function TradeCards({ items }: { items: TradeItem[] }) {
  const { t, i18n } = useTranslation();
  const sorted = [...items].sort((a, b) => (a.side === b.side ? 0 : a.side === 'from' ? -1 : 1));
  return (
    <ul className="admin-trade-cards">
      {sorted.map((item) => (
        <li key={item.id} className="admin-trade-cards__item" data-side={item.side}>
          <LoadedImage
            className="admin-trade-cards__image"
            src={cardImageUrl(item.Inventory.Card.id, { lang: i18n.language })}
            alt=""
            errorText={t('images.card')}
            width={32}
            height={48}
          />
          <span>
            <span className="visually-hidden">{t(`adminTrades.side.${item.side}`)} </span>
            {itemName(item)}
          </span>
          <span className="admin-muted">{t('trade.quantity', { count: item.quantity })}</span>
        </li>
      ))}
    </ul>
  );
}
