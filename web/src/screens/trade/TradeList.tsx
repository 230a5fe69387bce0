import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { serverErrorText } from '../../api/http';
import { cardImageUrl, discordAvatarUrl } from '../../api/images';
import { memberName } from '../../api/member-name';
import { invalidateRoutes, useRoute } from '../../api/query';
import { itemName, type Trade, type TradeAction, type TradeItem, type TradeTab } from '../../api/trades';
import { useSession } from '../../app/session';
import { DateTime } from '../../components/DateTime';
import { LoadError } from '../../components/LoadError';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { TRADE_TYPES, useLive } from '../../live/live';
import { AcceptStep, sidesOf, type TradeOutcome } from './TradeConfirm';

/** The reads a trade changes: the lists, the copies free to trade, the navigation badge. */
export const TRADE_READS = ['GET /trade/api/my', 'GET /api/inventory/tradeable'] as const;

/**
 * The trades of one status tab (requirements M2): loading, an empty text, or the trades. The list
 * re-reads itself on a live trade event or a resync, without a loading flash (the data layer
 * keeps the last answer, also when a re-read fails), and after the user's own action.
 */
export function TradeList({
  status,
  onOutcome,
}: {
  status: TradeTab;
  /** The user's own action on a trade succeeded: the page says what it did. */
  onOutcome?: (outcome: TradeOutcome) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useRoute('GET /trade/api/my', { query: { status } });
  const read = () => void invalidateRoutes(client, TRADE_READS);
  useLive(TRADE_TYPES, read);
  useEffect(() => {
    if (query.error) console.error('trades failed to load', query.error);
  }, [query.error]);
  const trades = query.data;

  if (query.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!trades)
    return (
      <LoadError
        className="error-text"
        error={query.error}
        message={t('trade.loadError')}
        onRetry={() => void query.refetch()}
      />
    );
  if (trades.length === 0) return <p className="empty">{t(`trade.emptyTab.${status}`)}</p>;
  return (
    <ul className="trade-list">
      {trades.map((trade) => (
        <TradeRow
          key={trade.id}
          trade={trade}
          onChanged={(outcome) => {
            onOutcome?.(outcome);
            read();
          }}
        />
      ))}
    </ul>
  );
}

function TradeRow({ trade, onChanged }: { trade: Trade; onChanged: (outcome: TradeOutcome) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [acting, setActing] = useState<TradeAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Accept first asks (AcceptStep): what moves each way, then "Yes, accept" or "Back".
  const [confirming, setConfirming] = useState(false);
  const mine = trade.from_user_id === user?.id;
  const counterpart = mine ? trade.ToUser : trade.FromUser;
  // Each side from the viewer's seat: what they give and what they receive.
  const { give, receive } = sidesOf(trade, mine);
  const actions: TradeAction[] = trade.status !== 'pending' ? [] : mine ? ['cancel'] : ['accept', 'decline'];

  const act = async (action: TradeAction) => {
    setActing(action);
    setFailure(null);
    try {
      await request('POST /trade/api/:id/:action', { params: { id: trade.id, action }, body: {} });
      setConfirming(false);
      onChanged({ action, trade, mine });
    } catch (err) {
      setFailure(serverErrorText(err) ?? t('trade.actionError'));
    } finally {
      setActing(null);
    }
  };

  const headingId = `trade-${trade.id}`;
  return (
    <li className="trade-card panel" aria-labelledby={headingId} data-trade-id={trade.id}>
      <header className="trade-card__head">
        <LoadedImage
          className="trade-card__avatar"
          src={discordAvatarUrl(counterpart.discordId ?? null, counterpart.avatar ?? null)}
          fallback={fallbackAvatar(counterpart.username)}
          alt=""
          width={40}
          height={40}
          timeoutMs={IMAGE_TIMEOUT_MS.avatar}
        />
        <div className="trade-card__who">
          <h3 id={headingId}>
            {mine
              ? t('trade.to', { name: memberName(counterpart) })
              : t('trade.from', { name: memberName(counterpart) })}
          </h3>
          <DateTime value={trade.createdAt} />
        </div>
        <span className="status-badge" data-status={trade.status}>
          {t(`trade.status.${trade.status}`, { defaultValue: trade.status })}
        </span>
      </header>
      {trade.description && <p className="trade-card__description">{trade.description}</p>}
      {trade.message && (
        <p className="trade-card__message">
          <span className="admin-muted">{t('trade.wants')}</span> {trade.message}
        </p>
      )}
      <div className="trade-card__sides">
        <ItemList title={t('trade.youGive')} items={give} />
        <ItemList title={t('trade.youReceive')} items={receive} />
      </div>
      {confirming && trade.status === 'pending' ? (
        <AcceptStep
          trade={trade}
          busy={acting === 'accept'}
          onConfirm={() => void act('accept')}
          onBack={() => setConfirming(false)}
        />
      ) : (
        actions.length > 0 && (
          <div className="trade-card__actions">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`button ${action === 'accept' ? 'button--primary' : 'button--ghost'}`}
                disabled={acting !== null}
                aria-busy={acting === action || undefined}
                onClick={() => (action === 'accept' ? setConfirming(true) : void act(action))}
              >
                {acting === action ? t('trade.acting') : t(`trade.actions.${action}`)}
              </button>
            ))}
          </div>
        )
      )}
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

function ItemList({ title, items }: { title: string; items: TradeItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="trade-items">
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="admin-muted">{t('trade.nothing')}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id} className="trade-items__item">
              <LoadedImage
                className="trade-items__image"
                src={cardImageUrl(item.Inventory.Card.id, { lang: i18n.language })}
                alt=""
                width={48}
                height={72}
                timeoutMs={IMAGE_TIMEOUT_MS.card}
              />
              <span className="trade-items__name">{itemName(item)}</span>
              <span className="trade-items__quantity">{t('trade.quantity', { count: item.quantity })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
